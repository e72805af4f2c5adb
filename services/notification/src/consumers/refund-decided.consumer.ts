import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { refundDecisionEmail, refundDecisionSms } from '../domain/contractor-messages.js';
import { dashboardUrl, toE164 } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** The contractor hears the refund decision by email, and by SMS when they consented. */
export const refundDecidedConsumer = defineNotificationConsumer({
  event: 'RefundDecided',
  async handle({ data }, { trx, afterCommit, log, service }) {
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact) {
      log.info({ contractor_id: data.contractor_id }, 'no contact for this refund decision');
      return;
    }
    let queued = false;
    if (contact.email) {
      const email = refundDecisionEmail({
        ...data,
        dashboard_url: dashboardUrl(service.publicBaseUrl),
        contact_name: contact.contact_name,
      });
      queued = await queueDelivery(trx, {
        dedupe_key: `refund_decision_email:${data.refund_id}`,
        kind: 'refund_decision',
        channel: 'email',
        recipient: contact.email,
        subject: email.subject,
        body: email.body,
        contractor_id: data.contractor_id,
      });
    }
    const phone = contact.sms_opt_in ? toE164(contact.phone) : undefined;
    if (phone)
      queued =
        (await queueDelivery(trx, {
          dedupe_key: `refund_decision_sms:${data.refund_id}`,
          kind: 'refund_decision',
          channel: 'sms',
          recipient: phone,
          body: refundDecisionSms(data),
          contractor_id: data.contractor_id,
        })) || queued;
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
