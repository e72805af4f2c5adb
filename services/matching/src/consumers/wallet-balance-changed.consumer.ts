import { defineMatchingConsumer } from '../context.js';
import { recordBalance } from '../db/contractors.repository.js';

/** Who can afford a lead: the latest balance of each wallet. */
export const walletBalanceChangedConsumer = defineMatchingConsumer({
  event: 'WalletBalanceChanged',
  async handle({ data }, { trx }) {
    await recordBalance(trx, data.contractor_id, data.balance_cents, data.changed_at);
  },
});
