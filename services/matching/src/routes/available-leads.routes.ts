import {
  AvailableLeadsQuerySchema,
  functionPath,
  INTERNAL_CALLS,
  type AvailableLeadsResponse,
  type InternalResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { z } from 'zod';
import type { MatchingConfig } from '../config.js';
import { availableCount, availableLeads } from '../use-cases/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

const ContractorParams = z.object({ id: z.string().min(1).max(200) });

/** contractors-available-leads, and the list's count alone for the dashboard's first paint (contractors). */
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
    INTERNAL_CALLS.availableCount.path,
    { schema: { params: ContractorParams } },
    async (request): Promise<InternalResponse<'availableCount'>> => ({
      total_available: await availableCount(ctx.db, config, (request.params as { id: string }).id),
    }),
  );
}
