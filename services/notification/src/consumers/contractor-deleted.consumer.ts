import { defineNotificationConsumer } from '../context.js';
import { markContactDeleted } from '../db/contacts.repository.js';

/** A deleted contractor's phone is erased; no more messages. */
export const contractorDeletedConsumer = defineNotificationConsumer({
  event: 'ContractorDeleted',
  async handle({ data }, { trx }) {
    await markContactDeleted(trx, data.contractor_id, data.deleted_at);
  },
});
