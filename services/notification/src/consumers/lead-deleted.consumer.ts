import { defineConsumer } from '@leadmarket/platform';
import { eraseCustomerDeliveries } from '../db/customer-deliveries.repository.js';

/** A deleted lead's customer is erased here too: the messages to them keep no phone, email or name. */
export const leadDeletedConsumer = defineConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx }) {
    await eraseCustomerDeliveries(trx, data.lead_id);
  },
});
