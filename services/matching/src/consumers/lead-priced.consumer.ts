import { recordLeadPrice } from '../db/leads.repository.js';
import { defineMatchingConsumer } from '../context.js';

/**
 * wallet-ledger fixed the lead's price: the price every offer, SMS, card and charge uses. The
 * matcher offers the lead once its LeadScreened is here too (either may arrive first).
 */
export const leadPricedConsumer = defineMatchingConsumer({
  event: 'LeadPriced',
  async handle({ data }, { trx, afterCommit, service }) {
    await recordLeadPrice(trx, {
      lead_id: data.lead_id,
      price_cents: data.price_cents,
      lead_type: data.lead_type,
      priced_at: data.priced_at,
    });
    afterCommit(() => service.matcherWakeup.wake());
  },
});
