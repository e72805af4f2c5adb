import { autoCreditEmail, autoCreditSms } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';

/** The contractor hears of an automatic credit by email, and by SMS when they consented to texts. */
export const autoCreditGrantedConsumer = defineNotificationConsumer({
  event: 'AutoCreditGranted',
  async handle({ data }, ctx) {
    const told = await tellContractor(ctx, {
      contractorId: data.contractor_id,
      kind: 'auto_credit',
      leadId: data.lead_id,
      email: { dedupeKey: `auto_credit_email:${data.credit_id}`, write: (to) => autoCreditEmail({ ...data, ...to }) },
      sms: { dedupeKey: `auto_credit_sms:${data.credit_id}`, body: autoCreditSms(data) },
    });
    if (!told) ctx.log.info({ contractor_id: data.contractor_id }, 'no contact for this automatic credit');
  },
});
