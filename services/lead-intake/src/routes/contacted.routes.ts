import { functionPath, MarkLeadContactedRequestSchema } from '@leadmarket/contracts';
import { contractorIdOf, HttpError, type ServiceApp } from '@leadmarket/platform';
import { markLeadContacted } from '../use-cases/purchased-lead-state.js';
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
      const recorded = await markLeadContacted(ctx, leadId, contractorId, via, at);
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
