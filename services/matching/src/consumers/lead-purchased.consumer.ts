import { defineMatchingConsumer } from '../context.js';
import { recordBalance, recordSpendLimits } from '../db/contractors.repository.js';
import { closeLead } from '../db/leads.repository.js';
import { holdsContractors } from '../use-cases/match-on-arrival.js';

/**
 * A sold lead leaves every list; the buyer's purchase counts toward its response record. The sale
 * carries the buyer's new balance and spend (what its WalletBalanceChanged carried before: a sale
 * now publishes only this event), recorded as that consumer records them.
 */
export const leadPurchasedConsumer = defineMatchingConsumer({
  event: 'LeadPurchased',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'purchased', data.contractor_id);
    if (data.balance_after_cents !== undefined)
      await recordBalance(trx, data.contractor_id, data.balance_after_cents, data.purchased_at);
    if (data.spend_limits) await recordSpendLimits(trx, data.contractor_id, data.spend_limits, data.purchased_at);
    holdsContractors(trx);
  },
});
