import { queueDelivery } from '../db/deliveries.repository.js';
import { contactMessageEmail } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** A contact-form message becomes exactly one email to the support address (SUPPORT_EMAIL). */
export const contactMessageReceivedConsumer = defineNotificationConsumer({
  event: 'ContactMessageReceived',
  async handle({ data }, { trx, afterCommit, service }) {
    const { SUPPORT_EMAIL } = service.config;
    const email = contactMessageEmail(data);
    const queued = await queueDelivery(trx, {
      dedupe_key: `contact_message:${data.message_id}`,
      kind: 'contact_message',
      channel: 'email',
      recipient: SUPPORT_EMAIL,
      subject: email.subject,
      body: email.body,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
