import { functionPath, MarkLeadContactedRequestSchema } from '@leadmarket/contracts';
import { contractorIdOf, HttpError, type ServiceApp } from '@leadmarket/platform';
import { recordContact } from '../db/offer-rounds.repository.js';
import type { LeadRouteDeps } from './deps.js';

/**
 * mark-lead-contacted: the buyer says it contacted the customer (or called from the dashboard).
 * The first time is kept and emitted as LeadContacted (response-time figures); repeating it
 * answers the same time.
 */
export function registerContactedRoutes(app: ServiceApp, { ctx }: LeadRouteDeps): void {
  app.post(
    functionPath('mark-lead-contacted'),
    { schema: { body: MarkLeadContactedRequestSchema } },
    async (request) => {
      const contractorId = contractorIdOf(request);
      const { lead_id: leadId, via } = request.body;
      const at = new Date();
      const recorded = await ctx.db.transaction().execute(async (trx) => {
        const result = await recordContact(trx, leadId, contractorId, at);
        if (result?.first)
          await ctx.emit(trx, [
            {
              type: 'LeadContacted',
              data: { lead_id: leadId, contractor_id: contractorId, contacted_at: at.toISOString(), via },
            },
          ]);
        return result;
      });
      if (!recorded)
        throw new HttpError(404, 'Lead not found among your purchased leads.', undefined, { success: false });
      return {
        success: true,
        message: 'Marked as contacted.',
        contacted_at: recorded.contacted_at.toISOString(),
      };
    },
  );
}
