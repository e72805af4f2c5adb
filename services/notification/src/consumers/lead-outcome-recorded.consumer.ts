import { LOST_REASON_LABELS, OUTCOME_LABELS } from '@leadmarket/contracts';
import { defineNotificationConsumer } from '../context.js';
import { queueWebhooks } from '../use-cases/queue-webhooks.js';

/** The buyer recorded what became of a lead: lead.outcome_recorded to their webhooks (each recording is one message). */
export const leadOutcomeRecordedConsumer = defineNotificationConsumer({
  event: 'LeadOutcomeRecorded',
  async handle({ id, data }, ctx) {
    await queueWebhooks(ctx, {
      contractorId: data.contractor_id,
      type: 'lead.outcome_recorded',
      eventKey: `lead.outcome_recorded:${id}`,
      leadId: data.lead_id,
      data: {
        lead_id: data.lead_id,
        outcome: data.outcome,
        outcome_label: OUTCOME_LABELS[data.outcome],
        job_value_cents: data.job_value_cents,
        lost_reason: data.lost_reason,
        lost_reason_label: data.lost_reason ? LOST_REASON_LABELS[data.lost_reason] : null,
        previous_outcome: data.previous_outcome,
        recorded_at: data.recorded_at,
      },
    });
  },
});
