import { defineMatchingConsumer } from '../context.js';
import { recordLeadPrice } from '../db/pending-leads.repository.js';
import { matchOnPairing } from '../use-cases/match-on-pairing.js';

/**
 * wallet-ledger fixed the lead's price: the price every offer, SMS, card and charge uses. When the
 * lead's LeadScreened is here already (the usual order), the lead is matched in this transaction.
 */
export const leadPricedConsumer = defineMatchingConsumer({
  event: 'LeadPriced',
  async handle({ data }, ctx) {
    const priced = await recordLeadPrice(ctx.trx, {
      lead_id: data.lead_id,
      price_cents: data.price_cents,
      lead_type: data.lead_type,
      priced_at: data.priced_at,
    });
    await matchOnPairing(ctx, data.lead_id, 'priced', priced);
  },
});
