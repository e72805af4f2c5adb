import { defineNotificationConsumer } from '../context.js';
import { eraseCustomerDeliveries } from '../db/customer-deliveries.repository.js';
import { cancelLeadOffers } from '../db/deliveries.repository.js';
import { eraseLeadFromWebhooks } from '../db/webhooks.repository.js';

/**
 * The lead was deleted: offers for it not yet handed to the SMS provider are never sent, and the
 * messages to its customer keep no phone, email or name; nor do its webhook messages, and those not
 * yet delivered are not sent.
 */
export const leadDeletedConsumer = defineNotificationConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx, service }) {
    // Its offers waiting in this sender's memory too (docs/adr/0056); a rollback leaves them to the lease.
    service.senderHandOff.dropLead(data.lead_id);
    await cancelLeadOffers(trx, data.lead_id, 'lead deleted before the offer was sent');
    await eraseCustomerDeliveries(trx, data.lead_id);
    await eraseLeadFromWebhooks(trx, data.lead_id);
  },
});
