import { intervalJob, type BackgroundJob } from '@leadmarket/platform';
import type { MatchingConfig } from '../config.js';
import type { MatchingContext } from '../context.js';
import {
  expireAfterRounds,
  lastRank,
  leadsPastRoundDeadline,
  lockLeadPastDeadline,
} from '../db/offer-rounds.repository.js';
import { pickOfferees } from './pick-offerees.js';
import { storeOfferRound } from './offer-round.js';

export type RerouteOutcome = { round: number; offers: number } | { expired: true } | undefined;

/**
 * One lead past its round deadline, in one transaction: when rounds remain, offer it to the
 * next-ranked eligible contractors not offered it before (their own claim tokens; LeadMatched carries
 * only the new offers, so each gets one new SMS) and start the next round, even when nobody new is
 * eligible (those offered before can still buy). After the last round the lead expires here, where
 * its offers are, and LeadExpired says so with how many were offered it: lead-intake records it and
 * has the customer told, the others close their copies. A lead sold or closed meanwhile is left alone.
 */
export async function rerouteLead(
  ctx: MatchingContext,
  config: MatchingConfig,
  leadId: string,
  now = new Date(),
): Promise<RerouteOutcome> {
  return ctx.transaction(async (trx) => {
    const lead = await lockLeadPastDeadline(trx, leadId, now);
    if (!lead) return undefined;
    const round = Number(lead.offer_round);
    if (round >= config.OFFER_ROUNDS) {
      await expireAfterRounds(trx, leadId);
      // Ranks run 1..n over all rounds: the last one is how many were offered it (the customer is told).
      const offered = await lastRank(trx, leadId);
      await ctx.emit(trx, [
        {
          type: 'LeadExpired',
          data: { lead_id: leadId, expired_at: now.toISOString(), after_rounds: { rounds: round, offered } },
        },
      ]);
      ctx.logger.info({ lead_id: leadId, rounds: round }, 'lead unsold after its last offer round');
      return { expired: true };
    }
    const priceCents = Number(lead.price_cents);
    // The next best not offered it before: PostgreSQL leaves them out and hands over the best few.
    const ranked = await pickOfferees(trx, { ...lead, price_cents: priceCents }, undefined, {
      offers: config.OFFERS_PER_LEAD,
      now,
      notOfferedBefore: true,
    });
    const firstRank = (await lastRank(trx, leadId)) + 1;
    const matched = await storeOfferRound(trx, ctx, config, {
      lead,
      priceCents,
      ranked,
      firstRank,
      number: round + 1,
      now,
      // The next round starts with its offers, in their statement.
      leadChange: {
        offer_round: round + 1,
        round_deadline_at: new Date(now.getTime() + config.OFFER_ROUND_SECONDS * 1000),
      },
    });
    const offers = matched.offers;
    if (offers.length > 0) await ctx.emit(trx, [{ type: 'LeadMatched', data: matched }]);
    ctx.logger.info({ lead_id: leadId, round: round + 1, offers: offers.length }, 'lead re-routed');
    return { round: round + 1, offers: offers.length };
  });
}

/** The sweep that re-routes leads past their round deadline (each lead locked by its own transaction). */
export function rerouteJob(ctx: MatchingContext, config: MatchingConfig): BackgroundJob {
  return intervalJob('reroute', config.REROUTE_SWEEP_MS, ctx.logger, async () => {
    for (const leadId of await leadsPastRoundDeadline(ctx.db, new Date())) {
      try {
        await rerouteLead(ctx, config, leadId);
      } catch (err) {
        ctx.logger.warn({ lead_id: leadId, err: String(err) }, 're-routing a lead failed; the next sweep retries');
      }
    }
  });
}
