import {
  isoWeekStart,
  utcDayStart,
  type SpendCaps,
  type SpendLimitsSnapshot,
  type SpentSoFar,
} from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { WalletLedgerDatabase } from './database.js';

const toCents = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * A contractor's spend caps (no row or null columns = no cap) and what it spent on leads in the
 * current UTC day and ISO week, in one statement: the prices of its purchases in those windows,
 * refunded ones excluded (a refund gives the money back, so it gives the room back).
 * Read under the wallet lock by the purchase, so parallel purchases see each other's rows.
 */
export async function spendOf(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  now: Date,
): Promise<{ caps: SpendCaps; spent: SpentSoFar }> {
  // Always one row: the sums are aggregates, the settings a left join on their key.
  const row = (await spendRead(db, { contractorId, day: utcDayStart(now), week: isoWeekStart(now) }))[0]!;
  return {
    caps: {
      daily_cap_cents: toCents(row.daily_cap_cents),
      weekly_cap_cents: toCents(row.weekly_cap_cents),
      max_lead_price_cents: toCents(row.max_lead_price_cents),
    },
    spent: { today_cents: Number(row.today), this_week_cents: Number(row.week) },
  };
}

/** spendOf's statement, compiled once and prepared (docs/adr/0027): every purchase reads it under the wallet lock. */
const spendRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { contractorId: string; day: Date; week: Date }) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('purchases')
        .select([
          sql<string>`coalesce(sum(price_cents) filter (where purchased_at >= ${p.day}), 0)`.as('today'),
          sql<string>`coalesce(sum(price_cents), 0)`.as('week'),
        ])
        .where('contractor_id', '=', p.contractorId)
        .where('purchased_at', '>=', p.week)
        .where('status', '<>', 'refunded')
        .as('spent'),
    )
    .leftJoin('wallet_settings', (join) => join.on('wallet_settings.contractor_id', '=', p.contractorId))
    .select(['spent.today', 'spent.week', 'daily_cap_cents', 'weekly_cap_cents', 'max_lead_price_cents']),
);

/** The caps and current spend as matching is told them (WalletBalanceChanged.spend_limits). */
export function spendLimitsOf(caps: SpendCaps, spent: SpentSoFar, now: Date): SpendLimitsSnapshot {
  return {
    ...caps,
    spent_today_cents: spent.today_cents,
    spent_this_week_cents: spent.this_week_cents,
    day_start: utcDayStart(now).toISOString(),
    week_start: isoWeekStart(now).toISOString(),
  };
}

/** The caps and current spend as matching is told them, read now. */
export async function spendLimitsSnapshot(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  now: Date,
): Promise<SpendLimitsSnapshot> {
  const { caps, spent } = await spendOf(db, contractorId, now);
  return spendLimitsOf(caps, spent, now);
}
