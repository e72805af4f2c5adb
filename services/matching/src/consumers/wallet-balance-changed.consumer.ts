import { defineConsumer } from './define-consumer.js';
import { recordBalance } from '../db/contractors.repository.js';

/** Who can afford a lead: the latest balance of each wallet. */
export const walletBalanceChangedConsumer = defineConsumer({
  event: 'WalletBalanceChanged',
  async handle({ data }, { trx }) {
    await recordBalance(trx, data.contractor_id, data.balance_cents, data.changed_at);
  },
});
