import { URGENCIES, type Urgency } from '@leadmarket/contracts';
import { claimTokenFor, hashToken } from '@leadmarket/platform';
import type { MatchingConfig } from '../config.js';
import type { MatchingContext } from '../context.js';
import { candidatesForZip } from '../db/contractors.repository.js';
import { leadPrice, lockPendingLead, markMatched } from '../db/leads.repository.js';
import { startOfferRounds } from '../db/offer-rounds.repository.js';
import { insertOffers } from '../db/offers.repository.js';
import { rankCandidates } from '../domain/ranking.js';

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
    const matchedAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + config.CLAIM_TOKEN_TTL_HOURS * 3_600_000).toISOString();
    const key = ctx.claimTokenKey;
    const offers = ranked.map((r, i) => ({
      ...r,
      rank: i + 1,
      token: claimTokenFor(key, leadId, r.contractor_id),
    }));
    await insertOffers(
      trx,
      offers.map((o) => ({
        lead_id: leadId,
        contractor_id: o.contractor_id,
        rank: o.rank,
        round: 1,
        claim_token_hash: hashToken(o.token),
        score: o.score,
        offered_at: matchedAt,
        expires_at: expiresAt,
      })),
    );
    await markMatched(trx, leadId, price.price_cents, price.lead_type, matchedAt);
    await startOfferRounds(trx, leadId, new Date(now.getTime() + config.OFFER_ROUND_SECONDS * 1000));
    await ctx.emit(trx, [
      {
        type: 'LeadMatched',
        data: {
          lead_id: leadId,
          service_category: locked.service_category,
          sub_service: locked.sub_service,
          zip_code: locked.zip_code,
          price_cents: price.price_cents,
          ...((URGENCIES as readonly string[]).includes(locked.urgency) ? { urgency: locked.urgency as Urgency } : {}),
          offers: offers.map((o) => ({
            contractor_id: o.contractor_id,
            rank: o.rank,
            expires_at: expiresAt,
            round: 1,
          })),
          matched_at: matchedAt,
        },
      },
    ]);
    ctx.logger.info({ lead_id: leadId, offers: offers.length, price_cents: price.price_cents }, 'lead matched');
    return offers.length;
  });
}
