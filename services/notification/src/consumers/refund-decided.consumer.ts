import { refundDecisionEmail, refundDecisionSms } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';
import { queueWebhooks } from '../use-cases/queue-webhooks.js';

/** The contractor hears the refund decision by email, by SMS when they consented, and on their webhooks. */
export const refundDecidedConsumer = defineNotificationConsumer({
  event: 'RefundDecided',
  async handle({ data }, ctx) {
    const told = await tellContractor(ctx, {
      contractorId: data.contractor_id,
      kind: 'refund_decision',
      email: {
        dedupeKey: `refund_decision_email:${data.refund_id}`,
        write: (to) => refundDecisionEmail({ ...data, ...to }),
      },
      sms: { dedupeKey: `refund_decision_sms:${data.refund_id}`, body: refundDecisionSms(data) },
    });
    if (!told) ctx.log.info({ contractor_id: data.contractor_id }, 'no contact for this refund decision');
    await queueWebhooks(ctx, {
      contractorId: data.contractor_id,
      type: 'refund.decided',
      eventKey: `refund.decided:${data.refund_id}`,
      leadId: data.lead_id,
      data: {
        refund_id: data.refund_id,
        lead_id: data.lead_id,
        decision: data.decision,
        amount_cents: data.amount_cents,
        decided_at: data.decided_at,
        note: data.admin_notes?.trim() || null,
      },
    });
  },
});
