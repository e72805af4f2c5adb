import { intervalJob, type BackgroundJob } from '@leadmarket/platform';
import type { MatchingContext } from '../context.js';
import { expireLeadsSubmittedBefore } from '../db/offer-rounds.repository.js';

/**
 * Expire the leads still on the market past the offer lifetime (their claim links are dead too) and
 * announce each with LeadExpired in the same transaction. Matching owns the offers, so it decides when
 * a lead leaves the market; lead-intake, wallet-ledger and notification follow the event. Offer rounds
 * expire a matched lead long before this; it catches a lead whose rounds never ran (its match kept
 * failing). Returns the ids expired.
 */
export async function expireLeadsPastLifetime(ctx: MatchingContext, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ctx.config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
  return ctx.transaction(async (trx) => {
    const ids = await expireLeadsSubmittedBefore(trx, cutoff);
    if (ids.length > 0)
      await ctx.emit(
        trx,
        ids.map((lead_id) => ({ type: 'LeadExpired' as const, data: { lead_id, expired_at: now.toISOString() } })),
      );
    return ids;
  });
}

/** The periodic lifetime sweep. */
export const leadLifetimeJob = (ctx: MatchingContext): BackgroundJob =>
  intervalJob('lead-lifetime', ctx.config.LEAD_EXPIRY_INTERVAL_MS, ctx.logger, async () => {
    await expireLeadsPastLifetime(ctx);
  });
