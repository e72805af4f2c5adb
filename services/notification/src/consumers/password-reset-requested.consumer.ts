import { queueDelivery } from '../db/deliveries.repository.js';
import { passwordResetEmail } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** One email with the reset link per request (keyed by the event, so a redelivery sends nothing new). */
export const passwordResetRequestedConsumer = defineNotificationConsumer({
  event: 'PasswordResetRequested',
  async handle({ id, data }, { trx, afterCommit, service }) {
    const email = passwordResetEmail(data.reset_url, data.expires_at);
    const queued = await queueDelivery(trx, {
      dedupe_key: `password_reset:${id}`,
      kind: 'password_reset',
      channel: 'email',
      recipient: data.email,
      subject: email.subject,
      body: email.body,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
