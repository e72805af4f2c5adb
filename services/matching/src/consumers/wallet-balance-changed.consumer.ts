import { defineConsumer } from '@leadmarket/platform';
import { recordBalance, recordSpendLimits } from '../db/contractors.repository.js';

/** Who can afford a lead: the latest balance of each wallet, and its spend caps when the event carries them. */
export const walletBalanceChangedConsumer = defineConsumer({
  event: 'WalletBalanceChanged',
  async handle({ data }, { trx }) {
    await recordBalance(trx, data.contractor_id, data.balance_cents, data.changed_at);
    if (data.spend_limits) await recordSpendLimits(trx, data.contractor_id, data.spend_limits, data.changed_at);
  },
});
