import { defineConsumer } from './define-consumer.js';
import { loadNotificationConfig } from '../config.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { contactMessageEmail } from '../domain/messages.js';
import { wakeSender } from '../wake.js';

/** A contact-form message becomes exactly one email to the support address (SUPPORT_EMAIL). */
export const contactMessageReceivedConsumer = defineConsumer({
  event: 'ContactMessageReceived',
  async handle({ data }, { trx, afterCommit }) {
    // Consumers have no service context; the support address is process configuration.
    const { SUPPORT_EMAIL } = loadNotificationConfig(process.env);
    const email = contactMessageEmail(data);
    const queued = await queueDelivery(trx, {
      dedupe_key: `contact_message:${data.message_id}`,
      kind: 'contact_message',
      channel: 'email',
      recipient: SUPPORT_EMAIL,
      subject: email.subject,
      body: email.body,
    });
    if (queued) afterCommit(wakeSender);
  },
});
