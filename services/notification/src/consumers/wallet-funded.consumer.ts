import { defineConsumer } from './define-consumer.js';
import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { fundingReceiptEmail } from '../domain/contractor-messages.js';
import { wakeSender } from '../wake.js';

/** Every card charge (checkout or auto-reload) gets an emailed receipt; credits we give need none. */
export const walletFundedConsumer = defineConsumer({
  event: 'WalletFunded',
  async handle({ id, data }, { trx, afterCommit }) {
    if (data.source !== 'checkout' && data.source !== 'auto_reload') return;
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact?.email) return;
    const email = fundingReceiptEmail({ ...data, source: data.source, contact_name: contact.contact_name });
    const queued = await queueDelivery(trx, {
      dedupe_key: `funding_receipt:${id}`,
      kind: 'funding_receipt',
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
      contractor_id: data.contractor_id,
    });
    if (queued) afterCommit(wakeSender);
  },
});
