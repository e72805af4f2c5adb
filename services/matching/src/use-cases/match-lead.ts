import type { EventData } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import type { MatchingContext } from '../context.js';
import type { MatchingDatabase } from '../db/database.js';
import type { LeadChange } from '../db/offers.repository.js';
import { lockPendingPricedLead, type PricedLead } from '../db/pending-leads.repository.js';
import { candidateLimit, pickOfferees } from './pick-offerees.js';
import { storeOfferRound } from './offer-round.js';

/**
 * Offer a pending, priced lead the caller holds (locked, or inserted by its own transaction): rank
 * the eligible contractors at the price wallet-ledger fixed (LeadPriced), store the offers (token
 * hashes only), mark the lead matched and start its first round. Returns the LeadMatched for the
 * caller to emit in the same transaction; it carries no token (notification rebuilds each from the
 * server key, docs/adr/0013), and names the contractors of the area not offered it. One statement:
 * the best candidates came with the lead, and the offers' statement lists the others.
 */
export async function offerPricedLead(
  trx: Kysely<MatchingDatabase>,
  ctx: MatchingContext,
  config: MatchingConfig,
  { lead, price, candidates }: PricedLead,
  now: Date,
  { noWait = false }: { noWait?: boolean } = {},
): Promise<EventData<'LeadMatched'>> {
  const ranked = await pickOfferees(trx, { ...lead, price_cents: price.price_cents }, candidates, {
    offers: config.OFFERS_PER_LEAD,
    now,
  });
  return storeOfferRound(trx, ctx, config, {
    lead,
    priceCents: price.price_cents,
    ranked,
    firstRank: 1,
    number: 1,
    now,
    noWait,
    listing: MATCH_LISTED_LIMIT,
    leadChange: firstMatchChange(price, now, config),
  });
}

/**
 * What a lead's first match changes on its row (on sale at its price, round 1 and its deadline):
 * a lone lead's and a LeadPriced run's (matchRun) alike.
 */
export function firstMatchChange(
  price: Pick<PricedLead['price'], 'price_cents' | 'lead_type'>,
  at: Date,
  config: Pick<MatchingConfig, 'OFFER_ROUND_SECONDS'>,
): LeadChange {
  return {
    status: 'available',
    price_cents: price.price_cents,
    lead_type: price.lead_type,
    matched_at: at.toISOString(),
    offer_round: 1,
    round_deadline_at: new Date(at.getTime() + config.OFFER_ROUND_SECONDS * 1000).toISOString(),
  };
}

/**
 * How many contractors a LeadMatched names as listing the lead without an offer. Beyond it (a ZIP
 * code crowded with contractors of one trade) the rest see the count on their next read.
 */
export const MATCH_LISTED_LIMIT = 500;

/**
 * The matcher's way (a lead its consumer did not match: the match failed and was rolled back to
 * its savepoint): in one transaction lock the lead with its price, offer it and emit LeadMatched.
 * A lead already matched, sold, expired or deleted is left alone, so running twice is harmless.
 * Returns the number of offers made, or undefined if the lead was not ready.
 */
export async function matchLead(
  ctx: MatchingContext,
  config: MatchingConfig,
  leadId: string,
  now = new Date(),
): Promise<number | undefined> {
  return ctx.transaction(async (trx) => {
    const priced = await lockPendingPricedLead(trx, leadId, { now, limit: candidateLimit(config.OFFERS_PER_LEAD) });
    if (!priced) return undefined;
    const matched = await offerPricedLead(trx, ctx, config, priced, now);
    await ctx.emit(trx, [{ type: 'LeadMatched', data: matched }]);
    ctx.logger.info(
      { lead_id: leadId, offers: matched.offers.length, price_cents: priced.price.price_cents },
      'lead matched',
    );
    return matched.offers.length;
  });
}
