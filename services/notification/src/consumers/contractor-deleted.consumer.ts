import { defineNotificationConsumer } from '../context.js';
import { markContactDeleted } from '../db/contacts.repository.js';
import { deleteEndpointsOf } from '../db/webhooks.repository.js';

/** A deleted contractor's phone is erased and their webhook endpoints removed; no more messages. */
export const contractorDeletedConsumer = defineNotificationConsumer({
  event: 'ContractorDeleted',
  async handle({ data }, { trx }) {
    await markContactDeleted(trx, data.contractor_id, data.deleted_at);
    await deleteEndpointsOf(trx, data.contractor_id);
  },
});
