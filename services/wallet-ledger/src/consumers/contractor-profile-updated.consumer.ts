import { defineWalletConsumer } from '../context.js';
import { upsertTarget } from '../db/targets.repository.js';

/** A contractor changed its trade or ZIP codes: it may buy the leads of its new targets. */
export const contractorProfileUpdatedConsumer = defineWalletConsumer({
  event: 'ContractorProfileUpdated',
  async handle(event, { trx }) {
    await upsertTarget(trx, event.data);
  },
});
