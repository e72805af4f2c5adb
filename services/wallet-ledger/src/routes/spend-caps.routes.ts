import {
  AUTO_RELOAD_LIMIT_RANGE,
  centsToDollars,
  functionPath,
  nextIsoWeek,
  nextUtcDay,
  SPEND_CAP_MESSAGES,
  SpendCapsUpdateSchema,
} from '@leadmarket/contracts';
import { badRequest, contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { ensureWallet, lockWallet } from '../db/ledger.repository.js';
import { spendLimitsSnapshot } from '../db/spend.repository.js';
import { checkCapDollars, checkReloadLimit } from '../domain/spend-caps.js';
import { balanceChanged } from '../use-cases/events.js';

async function answerOf(db: Kysely<any>, contractorId: string, now = new Date()) {
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
 * spend-caps: the signed-in contractor's daily and weekly caps, maximum price per lead and
 * auto-reload limits. Every field is checked and every problem answered at once (field_errors),
 * each in plain words beside its field; a field left out is unchanged, an empty one removes the cap.
 */
export function registerSpendCapRoutes(app: ServiceApp, ctx: ServiceContext): void {
  app.get(functionPath('spend-caps'), async (request) => answerOf(ctx.db, contractorIdOf(request)));

  app.post(functionPath('spend-caps'), { schema: { body: SpendCapsUpdateSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const body = request.body;
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
    await ctx.db.transaction().execute(async (trx) => {
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
    return { ...(await answerOf(ctx.db, contractorId)), message: SPEND_CAP_MESSAGES.saved };
  });
}
