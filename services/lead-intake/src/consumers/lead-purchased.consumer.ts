import { defineConsumer } from '@leadmarket/platform';
import { recordPurchase } from '../db/lead.repository.js';

/** wallet-ledger sold the lead: mark it purchased and record the buyer (the only contractor who may see the contact). */
export const leadPurchasedConsumer = defineConsumer({
  event: 'LeadPurchased',
  async handle({ data }, ctx) {
    await recordPurchase(ctx.trx, data.lead_id, {
      contractor_id: data.contractor_id,
      purchase_id: data.purchase_id,
      price_cents: data.price_cents,
      channel: data.channel,
      purchased_at: new Date(data.purchased_at),
    });
  },
});
