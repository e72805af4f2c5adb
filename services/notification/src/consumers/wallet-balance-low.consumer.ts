import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { lowBalanceEmail } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { dashboardUrl } from '../domain/messages.js';

/**
 * The low-balance email. Wallet-ledger decides when (once per fall below the cheapest lead, see its
 * domain/low-balance.ts); the event id makes a redelivered event one email.
 */
export const walletBalanceLowConsumer = defineNotificationConsumer({
  event: 'WalletBalanceLow',
  async handle({ id, data }, { trx, afterCommit, log, service }) {
    const contact = await contactOf(trx, data.contractor_id);
    if (!contact?.email) {
      log.info({ contractor_id: data.contractor_id }, 'no email for this low-balance notice');
      return;
    }
    const email = lowBalanceEmail({
      ...data,
      dashboard_url: dashboardUrl(service.publicBaseUrl),
      contact_name: contact.contact_name,
    });
    const queued = await queueDelivery(trx, {
      dedupe_key: `low_balance:${id}`,
      kind: 'low_balance',
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
      contractor_id: data.contractor_id,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
