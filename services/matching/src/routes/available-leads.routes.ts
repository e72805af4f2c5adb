import {
  AvailableLeadsQuerySchema,
  functionPath,
  INTERNAL_CALLS,
  type AvailableLeadsResponse,
  type InternalResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { MatchingConfig } from '../config.js';
import { availableLeadsOf } from '../db/leads.repository.js';
import { availableLeadCards } from '../domain/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

/** Still-sellable leads this contractor fits or was offered, newest first: one indexed query. */
export async function availableLeads(
  db: Kysely<MatchingDatabase>,
  config: MatchingConfig,
  contractorId: string,
  now = new Date(),
): Promise<AvailableLeadsResponse> {
  // A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives.
  const since = new Date(now.getTime() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
  const { leads, contractor, offeredLeadIds } = await availableLeadsOf(db, contractorId, since);
  const cards = availableLeadCards(leads, contractor, offeredLeadIds);
  return { available_leads: cards, total_available: cards.length };
}

const ContractorParams = z.object({ id: z.string().min(1).max(200) });

/** contractors-available-leads, and the same list for the dashboard's first-paint aggregate (contractors). */
export function registerAvailableLeadsRoutes(
  app: ServiceApp,
  ctx: ServiceContext<MatchingDatabase>,
  config: MatchingConfig,
): void {
  app.get(
    functionPath('contractors-available-leads'),
    { schema: { querystring: AvailableLeadsQuerySchema } },
    async (request): Promise<AvailableLeadsResponse> => availableLeads(ctx.db, config, contractorIdOf(request)),
  );

  app.get(
    INTERNAL_CALLS.availableLeads.path,
    { schema: { params: ContractorParams } },
    async (request): Promise<InternalResponse<'availableLeads'>> =>
      availableLeads(ctx.db, config, (request.params as { id: string }).id),
  );
}
