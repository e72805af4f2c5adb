import {
  isoWeekStart,
  utcDayStart,
  type SpendCaps,
  type SpendLimitsSnapshot,
  type SpentSoFar,
} from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';

const toCents = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A contractor's spend caps (no row or null columns = no cap). */
export async function spendCapsOf(db: Kysely<any>, contractorId: string): Promise<SpendCaps> {
  const row = await db
    .selectFrom('wallet_settings')
    .select(['daily_cap_cents', 'weekly_cap_cents', 'max_lead_price_cents'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  return {
    daily_cap_cents: toCents(row?.daily_cap_cents),
    weekly_cap_cents: toCents(row?.weekly_cap_cents),
    max_lead_price_cents: toCents(row?.max_lead_price_cents),
  };
}

/**
 * What a contractor spent on leads in the current UTC day and ISO week: the prices of its purchases
 * in those windows, refunded ones excluded (a refund gives the money back, so it gives the room back).
 * Read under the wallet lock by the purchase, so parallel purchases see each other's rows.
 */
export async function spentSoFar(db: Kysely<any>, contractorId: string, now: Date): Promise<SpentSoFar> {
  const day = utcDayStart(now);
  const week = isoWeekStart(now);
  const row = await db
    .selectFrom('purchases')
    .select([
      sql<string>`coalesce(sum(price_cents) filter (where purchased_at >= ${day}), 0)`.as('today'),
      sql<string>`coalesce(sum(price_cents), 0)`.as('week'),
    ])
    .where('contractor_id', '=', contractorId)
    .where('purchased_at', '>=', week)
    .where('status', '<>', 'refunded')
    .executeTakeFirstOrThrow();
  return { today_cents: Number(row.today), this_week_cents: Number(row.week) };
}

/** The caps and current spend as matching is told them (WalletBalanceChanged.spend_limits). */
export async function spendLimitsSnapshot(
  db: Kysely<any>,
  contractorId: string,
  now: Date,
): Promise<SpendLimitsSnapshot> {
  const caps = await spendCapsOf(db, contractorId);
  const spent = await spentSoFar(db, contractorId, now);
  return {
    ...caps,
    spent_today_cents: spent.today_cents,
    spent_this_week_cents: spent.this_week_cents,
    day_start: utcDayStart(now).toISOString(),
    week_start: isoWeekStart(now).toISOString(),
  };
}
