import { defineConsumer } from '@leadmarket/platform';
import { findLead, recordPurchase } from '../db/lead.repository.js';
import { storedSecret } from '../db/site-intake.repository.js';
import { customerFingerprint } from '../domain/customer-fingerprint.js';
import { customerNotice } from '../domain/customer-notice.js';

/**
 * wallet-ledger sold the lead: mark it purchased and record the buyer (the only contractor who may
 * see the contact). The customer is to be told who bought it (CustomerToBeTold), and wallet-ledger
 * gets the customer's keyed phone fingerprint for its repeat-lead credit (LeadPurchaseRecorded).
 */
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
    // The purchase paths usually recorded it already (before the buyer's answer); LeadPurchased is
    // emitted once per lead and the inbox runs this once, and notification dedupes per lead too.
    const lead = await findLead(ctx.trx, data.lead_id);
    if (lead?.purchased_by !== data.contractor_id) return;
    const notice = customerNotice(lead, 'sold', data.contractor_id, new Date());
    const key = await storedSecret(ctx.trx, 'customer_fingerprint_key');
    await ctx.emit([
      ...(notice ? [notice] : []),
      {
        type: 'LeadPurchaseRecorded',
        data: {
          lead_id: data.lead_id,
          contractor_id: data.contractor_id,
          purchase_id: data.purchase_id,
          customer_fingerprint: lead.status === 'deleted' ? null : customerFingerprint(key, lead.phone),
          purchased_at: data.purchased_at,
        },
      },
    ]);
  },
});
