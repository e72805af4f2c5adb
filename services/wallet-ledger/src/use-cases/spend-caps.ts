import {
  AUTO_RELOAD_LIMIT_RANGE,
  centsToDollars,
  nextIsoWeek,
  nextUtcDay,
  SPEND_CAP_MESSAGES,
} from '@leadmarket/contracts';
import { badRequest, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { ensureWallet, lockWallet } from '../db/ledger.repository.js';
import { spendLimitsSnapshot } from '../db/spend.repository.js';
import { checkCapDollars, checkReloadLimit } from '../domain/spend-caps.js';
import { balanceChanged } from './events.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** The inputs of spend-caps POST as typed (dollars, counts; '' or null = no cap; absent = unchanged). */
export interface SpendCapsInput {
  daily_cap?: unknown;
  weekly_cap?: unknown;
  max_lead_price?: unknown;
  auto_reload_max_per_day?: unknown;
  auto_reload_max_per_month?: unknown;
}

/** The spend-caps answer: caps in dollars (null = none), limits, spend so far and when each window resets. */
export async function spendCapsOf(db: Kysely<WalletLedgerDatabase>, contractorId: string, now = new Date()) {
  const snapshot = await spendLimitsSnapshot(db, contractorId, now);
  const limits = await db
    .selectFrom('wallet_settings')
    .select(['auto_reload_max_per_day', 'auto_reload_max_per_month'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  const dollars = (c: number | null) => (c === null ? null : centsToDollars(c));
  const count = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    success: true as const,
    daily_cap: dollars(snapshot.daily_cap_cents),
    weekly_cap: dollars(snapshot.weekly_cap_cents),
    max_lead_price: dollars(snapshot.max_lead_price_cents),
    auto_reload_max_per_day: count(limits?.auto_reload_max_per_day),
    auto_reload_max_per_month: count(limits?.auto_reload_max_per_month),
    spent_today: centsToDollars(snapshot.spent_today_cents),
    spent_this_week: centsToDollars(snapshot.spent_this_week_cents),
    day_resets_at: nextUtcDay(now).toISOString(),
    week_resets_at: nextIsoWeek(now).toISOString(),
  };
}

/**
 * Save a contractor's caps and auto-reload limits. Every field is checked and every problem
 * answered at once (field_errors), each in plain words beside its field. Under the wallet lock, so
 * a purchase in flight sees either the old caps or the new ones; matching learns the new caps from
 * the WalletBalanceChanged emitted with them.
 */
export async function saveSpendCaps(
  ctx: ServiceContext<WalletLedgerDatabase>,
  contractorId: string,
  body: SpendCapsInput,
) {
  const errors: Record<string, string> = {};
  const patch: Record<string, number | null> = {};
  const caps = [
    ['daily_cap', 'daily_cap_cents', SPEND_CAP_MESSAGES.dailyCap],
    ['weekly_cap', 'weekly_cap_cents', SPEND_CAP_MESSAGES.weeklyCap],
    ['max_lead_price', 'max_lead_price_cents', SPEND_CAP_MESSAGES.maxLeadPrice],
  ] as const;
  for (const [field, column, message] of caps) {
    if (body[field] === undefined) continue;
    const checked = checkCapDollars(body[field]);
    if (checked.ok) patch[column] = checked.cents;
    else errors[field] = message;
  }
  const limits = [
    ['auto_reload_max_per_day', SPEND_CAP_MESSAGES.reloadsPerDay],
    ['auto_reload_max_per_month', SPEND_CAP_MESSAGES.reloadsPerMonth],
  ] as const;
  for (const [field, message] of limits) {
    if (body[field] === undefined) continue;
    const checked = checkReloadLimit(body[field], AUTO_RELOAD_LIMIT_RANGE);
    if (checked.ok) patch[field] = checked.value;
    else errors[field] = message;
  }

  await ensureWallet(ctx.db, contractorId);
  await ctx.transaction(async (trx) => {
    // Under the wallet lock: a purchase in flight sees either the old caps or the new ones.
    const balance = await lockWallet(trx, contractorId);
    const current = await trx
      .selectFrom('wallet_settings')
      .select(['daily_cap_cents', 'weekly_cap_cents', 'auto_reload_max_per_day', 'auto_reload_max_per_month'])
      .where('contractor_id', '=', contractorId)
      .executeTakeFirstOrThrow();
    const after = <K extends keyof typeof current>(k: K) =>
      (k in patch ? patch[k as string] : current[k] === null ? null : Number(current[k])) as number | null;
    const daily = after('daily_cap_cents');
    const weekly = after('weekly_cap_cents');
    if (!errors.weekly_cap && !errors.daily_cap && daily !== null && weekly !== null && weekly < daily)
      errors.weekly_cap = SPEND_CAP_MESSAGES.weeklyBelowDaily;
    const perDay = after('auto_reload_max_per_day');
    const perMonth = after('auto_reload_max_per_month');
    if (
      !errors.auto_reload_max_per_day &&
      !errors.auto_reload_max_per_month &&
      perDay !== null &&
      perMonth !== null &&
      perMonth < perDay
    )
      errors.auto_reload_max_per_month = SPEND_CAP_MESSAGES.reloadsMonthBelowDay;
    const first = Object.keys(errors)[0];
    if (first) throw badRequest(errors[first]!, first, { field_errors: errors });
    if (Object.keys(patch).length === 0) return;
    await trx
      .updateTable('wallet_settings')
      .set({ ...patch, updated_at: new Date() })
      .where('contractor_id', '=', contractorId)
      .execute();
    // Matching learns the new caps with the balance it already knows.
    await ctx.emit(trx, [
      balanceChanged(
        contractorId,
        balance,
        'spend_caps_changed',
        await spendLimitsSnapshot(trx, contractorId, new Date()),
      ),
    ]);
  });
  return { ...(await spendCapsOf(ctx.db, contractorId)), message: SPEND_CAP_MESSAGES.saved };
}
