import { AvailableLeadsQuerySchema, functionPath, type AvailableLeadsResponse } from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { MatchingConfig } from '../config.js';
import { activeContractor } from '../db/contractors.repository.js';
import { availableLeadsFor } from '../db/leads.repository.js';
import { availableLeadCards, type StoredLead } from '../domain/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

/** contractors-available-leads: still-sellable leads this contractor fits or was offered, newest first. */
export function registerAvailableLeadsRoutes(
  app: ServiceApp,
  ctx: ServiceContext<MatchingDatabase>,
  config: MatchingConfig,
): void {
  app.get(
    functionPath('contractors-available-leads'),
    { schema: { querystring: AvailableLeadsQuerySchema } },
    async (request): Promise<AvailableLeadsResponse> => {
      const contractorId = contractorIdOf(request);
      const contractor = await activeContractor(ctx.db, contractorId);
      // A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives.
      const since = new Date(Date.now() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
      const leads = await availableLeadsFor(ctx.db, contractorId, contractor?.zip_codes ?? [], since);
      if (leads.length === 0) return { available_leads: [], total_available: 0 };
      const offered = await ctx.db
        .selectFrom('offers')
        .select('lead_id')
        .where('contractor_id', '=', contractorId)
        .where(
          'lead_id',
          'in',
          leads.map((l) => l.lead_id),
        )
        .execute();
      const cards = availableLeadCards(leads as StoredLead[], contractor, new Set(offered.map((o) => o.lead_id)));
      return { available_leads: cards, total_available: cards.length };
    },
  );
}
