import { afterWaitOf } from '../confirmation-rules.js';
import { defineMatchingConsumer } from '../context.js';
import { takeEarlyConfirmation } from '../db/confirmations.repository.js';
import { recordOfferedLead, recordPricedLead, type NewOfferedLead } from '../db/pending-leads.repository.js';
import { candidateLimit } from '../use-cases/pick-offerees.js';
import { matchOnArrival } from '../use-cases/match-on-arrival.js';

/**
 * wallet-ledger fixed a valid lead's price, the price every offer, SMS, card and charge uses, and
 * sent the lead with it: the lead is stored and matched in this transaction. A repeat, or a lead
 * closed before this came (its tombstone), changes nothing. Matching never hears of a rejected lead.
 * A category whose rule offers only confirmed leads keeps an unconfirmed one back until its phone is
 * confirmed or the wait passes (docs/adr/0045-phone-confirmed-before-the-offer.md).
 */
export const leadPricedConsumer = defineMatchingConsumer({
  event: 'LeadPriced',
  async handle({ data }, ctx) {
    const rule = await ctx.service.confirmationRules.of(ctx.trx, data.service_category);
    const now = new Date();
    const limit = candidateLimit(ctx.service.config.OFFERS_PER_LEAD);
    const lead: NewOfferedLead = {
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
      line_type: data.contact?.line_type ?? null,
      email_present: data.contact?.email_present ?? null,
    };
    if (afterWaitOf(rule, new Date(data.submitted_at), now) === 'offer') {
      // Offered confirmed or not (nearly every lead): its early confirmation, if any, is taken and
      // stored by the statement that stores the lead.
      const priced = await recordOfferedLead(ctx.trx, lead, { now, limit });
      if (priced) await matchOnArrival(ctx, priced);
      return;
    }
    const confirmedAt = await takeEarlyConfirmation(ctx.trx, data.lead_id);
    const priced = await recordPricedLead(
      ctx.trx,
      {
        ...lead,
        phone_confirmed_at: confirmedAt?.toISOString() ?? null,
        // Past its wait already (a late event), the wait's sweep decides at once.
        status: confirmedAt ? 'pending_match' : 'awaiting_confirmation',
      },
      { now, limit: confirmedAt ? limit : 0 },
    );
    if (priced && !confirmedAt) ctx.log.info({ lead_id: data.lead_id }, 'lead waits for its phone confirmation');
    else if (priced) await matchOnArrival(ctx, priced);
  },
});
