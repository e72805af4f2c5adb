import { defineNotificationConsumer } from '../context.js';
import { cancelLeadOffers } from '../db/deliveries.repository.js';

/** The lead was sold: offers for it not yet handed to the SMS provider are never sent. */
export const leadPurchasedConsumer = defineNotificationConsumer({
  event: 'LeadPurchased',
  async handle({ data }, { trx, service }) {
    // Its offers waiting in this sender's memory too (docs/adr/0056); a rollback leaves them to the lease.
    service.senderHandOff.dropLead(data.lead_id);
    await cancelLeadOffers(trx, data.lead_id, 'lead sold before the offer was sent');
  },
});
