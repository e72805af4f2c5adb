import { URGENCIES, type Urgency } from '@leadmarket/contracts';
import { hashToken, intervalJob, randomToken, type BackgroundJob, type ServiceContext } from '@leadmarket/platform';
import type { MatchingConfig } from '../config.js';
import { candidatesForZip } from '../db/contractors.repository.js';
import {
  advanceRound,
  endRounds,
  lastRank,
  leadsPastRoundDeadline,
  lockLeadPastDeadline,
  offeredContractorIds,
} from '../db/offer-rounds.repository.js';
import { insertOffers } from '../db/offers.repository.js';
import { rankCandidates } from '../domain/ranking.js';

/** Claim tokens carry 24 random bytes = 192 bits (as in the first round). */
const CLAIM_TOKEN_BYTES = 24;

export type RerouteOutcome = { round: number; offers: number } | { exhausted: true } | undefined;

/**
 * One lead past its round deadline, in one transaction: when rounds remain, offer it to the
 * next-ranked eligible contractors not offered it before (new claim tokens; LeadMatched carries only
 * the new offers, so each gets one new SMS) and start the next round, even when nobody new is
 * eligible (those offered before can still buy). After the last round, LeadOffersExhausted:
 * lead-intake expires the lead and has the customer told. A lead sold or closed meanwhile is left alone.
 */
export async function rerouteLead(
  ctx: ServiceContext,
  config: MatchingConfig,
  leadId: string,
  now = new Date(),
): Promise<RerouteOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const lead = await lockLeadPastDeadline(trx, leadId, now);
    if (!lead) return undefined;
    const round = Number(lead.offer_round);
    if (round >= config.OFFER_ROUNDS) {
      await endRounds(trx, leadId);
      await ctx.emit(trx, [
        { type: 'LeadOffersExhausted', data: { lead_id: leadId, rounds: round, exhausted_at: now.toISOString() } },
      ]);
      ctx.logger.info({ lead_id: leadId, rounds: round }, 'lead unsold after its last offer round');
      return { exhausted: true };
    }
    const already = await offeredContractorIds(trx, leadId);
    const candidates = (await candidatesForZip(trx, lead.zip_code)).filter((c) => !already.has(c.contractor_id));
    const ranked = rankCandidates(
      candidates,
      {
        service_category: lead.service_category,
        sub_service: lead.sub_service,
        zip_code: lead.zip_code,
        price_cents: Number(lead.price_cents),
        preferred_contractor_id: lead.preferred_contractor_id,
      },
      config.OFFERS_PER_LEAD,
      now,
    );
    const firstRank = (await lastRank(trx, leadId)) + 1;
    const offeredAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + config.CLAIM_TOKEN_TTL_HOURS * 3_600_000).toISOString();
    const offers = ranked.map((r, i) => ({ ...r, rank: firstRank + i, token: randomToken(CLAIM_TOKEN_BYTES) }));
    await insertOffers(
      trx,
      offers.map((o) => ({
        lead_id: leadId,
        contractor_id: o.contractor_id,
        rank: o.rank,
        claim_token_hash: hashToken(o.token),
        score: o.score,
        offered_at: offeredAt,
        expires_at: expiresAt,
      })),
    );
    await advanceRound(trx, leadId, round + 1, new Date(now.getTime() + config.OFFER_ROUND_SECONDS * 1000));
    if (offers.length > 0)
      await ctx.emit(trx, [
        {
          type: 'LeadMatched',
          data: {
            lead_id: leadId,
            service_category: lead.service_category,
            sub_service: lead.sub_service,
            zip_code: lead.zip_code,
            price_cents: Number(lead.price_cents),
            ...((URGENCIES as readonly string[]).includes(lead.urgency) ? { urgency: lead.urgency as Urgency } : {}),
            offers: offers.map((o) => ({
              contractor_id: o.contractor_id,
              claim_token: o.token,
              rank: o.rank,
              expires_at: expiresAt,
              round: round + 1,
            })),
            matched_at: offeredAt,
          },
        },
      ]);
    ctx.logger.info({ lead_id: leadId, round: round + 1, offers: offers.length }, 'lead re-routed');
    return { round: round + 1, offers: offers.length };
  });
}

/** The sweep that re-routes leads past their round deadline (each lead locked by its own transaction). */
export function rerouteJob(ctx: ServiceContext, config: MatchingConfig): BackgroundJob {
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
