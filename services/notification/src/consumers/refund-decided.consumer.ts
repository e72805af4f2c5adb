import { refundDecisionEmail, refundDecisionSms } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';

/** The contractor hears the refund decision by email, and by SMS when they consented. */
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
  },
});
