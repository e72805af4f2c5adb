import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { fundingReceiptEmail } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { dashboardUrl } from '../domain/messages.js';

/** Every card charge (checkout or auto-reload) gets an emailed receipt; credits we give need none. */
export const walletFundedConsumer = defineNotificationConsumer({
  event: 'WalletFunded',
  async handle({ id, data }, { trx, afterCommit, service }) {
    if (data.source !== 'checkout' && data.source !== 'auto_reload') return;
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact?.email) return;
    const email = fundingReceiptEmail({
      ...data,
      dashboard_url: dashboardUrl(service.publicBaseUrl),
      source: data.source,
      contact_name: contact.contact_name,
    });
    const queued = await queueDelivery(trx, {
      dedupe_key: `funding_receipt:${id}`,
      kind: 'funding_receipt',
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
      contractor_id: data.contractor_id,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
