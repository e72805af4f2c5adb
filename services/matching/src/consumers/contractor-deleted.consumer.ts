import { defineMatchingConsumer } from '../context.js';
import { markContractorDeleted } from '../db/contractors.repository.js';

/** A deleted contractor is never offered a lead again. */
export const contractorDeletedConsumer = defineMatchingConsumer({
  event: 'ContractorDeleted',
  async handle({ data }, { trx }) {
    await markContractorDeleted(trx, data.contractor_id, data.deleted_at);
  },
});
