import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { autoCreditEmail, autoCreditSms } from '../domain/contractor-messages.js';
import { dashboardUrl, toE164 } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** The contractor hears of an automatic credit by email, and by SMS when they consented to texts. */
export const autoCreditGrantedConsumer = defineNotificationConsumer({
  event: 'AutoCreditGranted',
  async handle({ data }, { trx, afterCommit, log, service }) {
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact) {
      log.info({ contractor_id: data.contractor_id }, 'no contact for this automatic credit');
      return;
    }
    let queued = false;
    if (contact.email) {
      const email = autoCreditEmail({
        ...data,
        dashboard_url: dashboardUrl(service.publicBaseUrl),
        contact_name: contact.contact_name,
      });
      queued = await queueDelivery(trx, {
        dedupe_key: `auto_credit_email:${data.credit_id}`,
        kind: 'auto_credit',
        channel: 'email',
        recipient: contact.email,
        subject: email.subject,
        body: email.body,
        contractor_id: data.contractor_id,
        lead_id: data.lead_id,
      });
    }
    const phone = contact.sms_opt_in ? toE164(contact.phone) : undefined;
    if (phone)
      queued =
        (await queueDelivery(trx, {
          dedupe_key: `auto_credit_sms:${data.credit_id}`,
          kind: 'auto_credit',
          channel: 'sms',
          recipient: phone,
          body: autoCreditSms(data),
          contractor_id: data.contractor_id,
          lead_id: data.lead_id,
        })) || queued;
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
