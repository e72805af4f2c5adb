import { defineWalletConsumer } from '../config.js';
import { markTargetDeleted, upsertTarget } from '../db/targets.repository.js';

/** A contractor changed its trade or ZIP codes: it may buy the leads of its new targets. */
export const contractorProfileUpdated = defineWalletConsumer({
  event: 'ContractorProfileUpdated',
  async handle(event, { trx }) {
    await upsertTarget(trx, event.data);
  },
});

/** A deleted contractor buys nothing more from the dashboard. */
export const contractorDeleted = defineWalletConsumer({
  event: 'ContractorDeleted',
  async handle(event, { trx }) {
    await markTargetDeleted(trx, event.data.contractor_id);
  },
});
