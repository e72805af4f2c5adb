import { intervalJob, type BackgroundJob, type ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeConfig } from '../config.js';
import { expireStaleLeads } from '../db/lead.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** Expire available leads older than the offer lifetime (their claim links are dead too), emitting LeadExpired with each. */
export async function expireLeadsOnce(
  ctx: ServiceContext<LeadIntakeDatabase>,
  ttlHours: number,
  now = new Date(),
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ttlHours * 3600_000);
  return ctx.db.transaction().execute(async (trx) => {
    const ids = await expireStaleLeads(trx, cutoff, now);
    if (ids.length) {
      await ctx.emit(
        trx,
        ids.map((lead_id) => ({ type: 'LeadExpired' as const, data: { lead_id, expired_at: now.toISOString() } })),
      );
    }
    return ids;
  });
}

/** The periodic expiry sweep. */
export const leadExpiryJob = (ctx: ServiceContext<LeadIntakeDatabase>, config: LeadIntakeConfig): BackgroundJob =>
  intervalJob('lead-expiry', config.LEAD_EXPIRY_INTERVAL_MS, ctx.logger, async () => {
    await expireLeadsOnce(ctx, config.CLAIM_TOKEN_TTL_HOURS);
  });
