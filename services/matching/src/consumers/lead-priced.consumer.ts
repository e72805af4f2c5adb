import { defineMatchingConsumer } from '../context.js';
import { recordPricedLead } from '../db/pending-leads.repository.js';
import { candidateLimit } from '../use-cases/pick-offerees.js';
import { matchOnArrival } from '../use-cases/match-on-arrival.js';

/**
 * wallet-ledger fixed a valid lead's price, the price every offer, SMS, card and charge uses, and
 * sent the lead with it: the lead is stored and matched in this transaction. A repeat, or a lead
 * closed before this came (its tombstone), changes nothing. Matching never hears of a rejected lead.
 */
export const leadPricedConsumer = defineMatchingConsumer({
  event: 'LeadPriced',
  async handle({ data }, ctx) {
    const priced = await recordPricedLead(
      ctx.trx,
      {
        lead_id: data.lead_id,
        service_category: data.service_category,
        sub_service: data.sub_service,
        zip_code: data.zip_code,
        description: data.description,
        urgency: data.urgency,
        preferred_contractor_id: data.preferred_contractor_id,
        is_test: data.is_test,
        submitted_at: data.submitted_at,
        price_cents: data.price_cents,
        lead_type: data.lead_type,
      },
      { now: new Date(), limit: candidateLimit(ctx.service.config.OFFERS_PER_LEAD) },
    );
    if (priced) await matchOnArrival(ctx, priced);
  },
});
