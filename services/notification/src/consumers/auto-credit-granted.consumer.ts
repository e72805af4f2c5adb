import { autoCreditEmail, autoCreditSms } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';
import { queueWebhooks } from '../use-cases/queue-webhooks.js';

/** The contractor hears of an automatic credit by email, by SMS when they consented to texts, and on their webhooks. */
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
    await queueWebhooks(ctx, {
      contractorId: data.contractor_id,
      type: 'credit.granted',
      eventKey: `credit.granted:${data.credit_id}`,
      leadId: data.lead_id,
      data: {
        credit_id: data.credit_id,
        lead_id: data.lead_id,
        purchase_id: data.purchase_id,
        rule: data.rule,
        reason: data.reason,
        amount_cents: data.amount_cents,
        balance_cents: data.balance_cents,
        granted_at: data.granted_at,
      },
    });
  },
});
