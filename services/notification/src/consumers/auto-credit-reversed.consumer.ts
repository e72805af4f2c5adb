import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { autoCreditReversedEmail } from '../domain/contractor-messages.js';
import { dashboardUrl } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** An admin took an automatic credit back: the contractor is told by email, with the reason. */
export const autoCreditReversedConsumer = defineNotificationConsumer({
  event: 'AutoCreditReversed',
  async handle({ data }, { trx, afterCommit, service }) {
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact?.email) return;
    const email = autoCreditReversedEmail({
      ...data,
      dashboard_url: dashboardUrl(service.publicBaseUrl),
      contact_name: contact.contact_name,
    });
    const queued = await queueDelivery(trx, {
      dedupe_key: `auto_credit_reversed_email:${data.credit_id}`,
      kind: 'auto_credit',
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
      contractor_id: data.contractor_id,
      lead_id: data.lead_id,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
