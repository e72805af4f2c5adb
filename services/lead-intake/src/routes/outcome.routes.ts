import {
  checkOutcome,
  functionPath,
  outcomeRecordedMessage,
  UpdateLeadOutcomeRequestSchema,
} from '@leadmarket/contracts';
import { badRequest, conflict, contractorIdOf, HttpError, type ServiceApp } from '@leadmarket/platform';
import { leadOutcomeView } from '../domain/lead-views.js';
import { recordLeadOutcome } from '../use-cases/lead-outcome.js';
import type { LeadRouteDeps } from './deps.js';

/**
 * update-lead-outcome: the buyer says what happened with a bought lead — contacted, quoted, won (with
 * the job's value), lost (with a reason from the list) or never reached (docs/adr/0047-lead-outcomes.md).
 */
export function registerOutcomeRoutes(app: ServiceApp, { ctx }: LeadRouteDeps): void {
  app.post(
    functionPath('update-lead-outcome'),
    { schema: { body: UpdateLeadOutcomeRequestSchema } },
    async (request) => {
      const contractorId = contractorIdOf(request);
      const { lead_id: leadId, ...input } = request.body;
      const checked = checkOutcome(input);
      if (!checked.ok) throw badRequest(checked.message, checked.field, { success: false });
      const result = await recordLeadOutcome(ctx, leadId, contractorId, checked.value, new Date());
      switch (result.kind) {
        case 'not_yours':
          throw new HttpError(404, 'Lead not found among your purchased leads.', undefined, { success: false });
        case 'sale_pending':
          throw conflict('Your purchase of this lead is still being recorded. Please try again in a moment.', {
            success: false,
          });
        case 'refunded':
          throw conflict('This lead was refunded; its outcome can no longer be changed.', { success: false });
      }
      return {
        success: true as const,
        message: outcomeRecordedMessage(checked.value),
        outcome: leadOutcomeView(result.lead)!,
      };
    },
  );
}
