import type { MatchingConfig } from '../config.js';
import type { MatchingContext } from '../context.js';
import { candidatesForZip } from '../db/contractors.repository.js';
import { leadPrice, lockPendingLead, markMatched } from '../db/leads.repository.js';
import { startOfferRounds } from '../db/offer-rounds.repository.js';
import { rankCandidates } from '../domain/ranking.js';
import { storeOfferRound } from './offer-round.js';

/**
 * Match one pending, priced lead in one transaction: lock it, rank the eligible contractors at the
 * price wallet-ledger fixed (LeadPriced), store the offers (token hashes only) and emit LeadMatched,
 * which carries no token (notification rebuilds each from the server key, docs/adr/0013). A lead
 * not priced yet waits (no other price is ever used); a lead already matched, sold, expired or
 * deleted is left alone, so running twice is harmless.
 * Returns the number of offers made, or undefined if the lead was not ready.
 */
export async function matchLead(
  ctx: MatchingContext,
  config: MatchingConfig,
  leadId: string,
  now = new Date(),
): Promise<number | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPendingLead(trx, leadId);
    if (!locked) return undefined;
    const price = await leadPrice(trx, leadId);
    if (!price) return undefined;
    const candidates = await candidatesForZip(trx, locked.zip_code);
    const ranked = rankCandidates(
      candidates,
      {
        service_category: locked.service_category,
        sub_service: locked.sub_service,
        zip_code: locked.zip_code,
        price_cents: price.price_cents,
        preferred_contractor_id: locked.preferred_contractor_id,
      },
      config.OFFERS_PER_LEAD,
      now,
    );
    const matched = await storeOfferRound(trx, ctx, config, {
      lead: locked,
      priceCents: price.price_cents,
      ranked,
      firstRank: 1,
      number: 1,
      now,
    });
    await markMatched(trx, leadId, price.price_cents, price.lead_type, matched.matched_at);
    await startOfferRounds(trx, leadId, new Date(now.getTime() + config.OFFER_ROUND_SECONDS * 1000));
    await ctx.emit(trx, [{ type: 'LeadMatched', data: matched }]);
    const offers = matched.offers;
    ctx.logger.info({ lead_id: leadId, offers: offers.length, price_cents: price.price_cents }, 'lead matched');
    return offers.length;
  });
}
