import { defineLeadIntakeConsumer } from '../context.js';
import { findLead, recordPurchase } from '../db/lead.repository.js';
import { customerNotice } from '../domain/customer-notice.js';

/**
 * wallet-ledger sold the lead: mark it purchased and record the buyer (the only contractor who may
 * see the contact), and have the customer told who bought it (CustomerToBeTold). This event is the
 * only way a sale reaches lead-intake, and nothing goes back: the repeat-lead credit's fingerprint
 * was carried before the sale (docs/adr/0043).
 */
export const leadPurchasedConsumer = defineLeadIntakeConsumer({
  event: 'LeadPurchased',
  async handle({ data }, ctx) {
    const recorded = await recordPurchase(ctx.trx, data.lead_id, {
      contractor_id: data.contractor_id,
      purchase_id: data.purchase_id,
      price_cents: data.price_cents,
      channel: data.channel,
      purchased_at: new Date(data.purchased_at),
    });
    // LeadPurchased is emitted once per lead and the inbox runs this once; notification dedupes per lead too.
    if (!recorded) return;
    const lead = await findLead(ctx.trx, data.lead_id);
    if (lead?.purchased_by !== data.contractor_id) return;
    const notice = customerNotice(lead, 'sold', data.contractor_id, new Date(), undefined, {
      purchase_id: data.purchase_id,
      price_cents: data.price_cents,
      channel: data.channel,
      purchased_at: data.purchased_at,
    });
    if (notice) await ctx.emit([notice]);
  },
});
