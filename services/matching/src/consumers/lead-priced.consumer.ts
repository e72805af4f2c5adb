import { defineConsumer } from '@leadmarket/platform';
import { recordLeadPrice } from '../db/leads.repository.js';
import { wakeMatcher } from '../wake.js';

/**
 * wallet-ledger fixed the lead's price: the price every offer, SMS, card and charge uses. The
 * matcher offers the lead once its LeadScreened is here too (either may arrive first).
 */
export const leadPricedConsumer = defineConsumer({
  event: 'LeadPriced',
  async handle({ data }, { trx, afterCommit }) {
    await recordLeadPrice(trx, {
      lead_id: data.lead_id,
      price_cents: data.price_cents,
      lead_type: data.lead_type,
      priced_at: data.priced_at,
    });
    afterCommit(wakeMatcher);
  },
});
