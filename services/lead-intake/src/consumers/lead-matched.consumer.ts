import { hashToken } from '@leadmarket/platform';
import { defineLeadIntakeConsumer } from '../context.js';
import { findLead } from '../db/lead.repository.js';
import { insertOffers } from '../db/offer.repository.js';

/** Keep each offer's claim token (hashed), bound to its contractor and expiry, for the claim page. */
export const leadMatchedConsumer = defineLeadIntakeConsumer({
  event: 'LeadMatched',
  async handle({ data }, ctx) {
    if (!(await findLead(ctx.trx, data.lead_id))) {
      ctx.log.warn({ lead_id: data.lead_id }, 'LeadMatched for an unknown lead; offers ignored');
      return;
    }
    await insertOffers(
      ctx.trx,
      data.offers.map((o) => ({
        token_hash: hashToken(o.claim_token),
        lead_id: data.lead_id,
        contractor_id: o.contractor_id,
        rank: o.rank,
        expires_at: new Date(o.expires_at),
        price_cents: data.price_cents,
        offer_round: o.round ?? 1,
      })),
    );
  },
});
