import { defineConsumer } from '@leadmarket/platform';
import { rememberCategory } from '../operations/low-balance.js';

/** A changed service category changes which lead is the cheapest one the contractor can buy. */
export const contractorProfileUpdated = defineConsumer({
  event: 'ContractorProfileUpdated',
  async handle(event, { trx }) {
    await rememberCategory(trx, event.data.contractor_id, event.data.industry);
  },
});
