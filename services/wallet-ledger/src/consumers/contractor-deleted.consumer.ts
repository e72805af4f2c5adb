import { defineWalletConsumer } from '../context.js';
import { markTargetDeleted } from '../db/targets.repository.js';

/** A deleted contractor buys nothing more from the dashboard. */
export const contractorDeletedConsumer = defineWalletConsumer({
  event: 'ContractorDeleted',
  async handle(event, { trx }) {
    await markTargetDeleted(trx, event.data.contractor_id);
  },
});
