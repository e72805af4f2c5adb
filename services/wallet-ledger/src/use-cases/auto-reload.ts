import { randomUUID } from 'node:crypto';
import { utcDayStart, utcMonthStart } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { preparedRead, type ServiceContext } from '@leadmarket/platform';
import { walletAccountOf } from '../domain/ledger.js';
import { needsReload } from '../domain/funding.js';
import type { Payments } from '../stripe/payments.js';
import { failFunding } from './settle-funding.js';
import { deliverDevEvent } from './stripe-webhook.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/**
 * maybeAutoReload's settings and balance, compiled once and prepared (docs/adr/0027): it runs after
 * every purchase. The columns it uses are named, so a migration adding one changes nothing here.
 */
const reloadSettingsRead = preparedRead(
  (db: Kysely<WalletLedgerDatabase>, p: { contractorId: string; account: string }) =>
    db
      .selectFrom('wallet_settings')
      .leftJoin('accounts', (join) => join.on('accounts.id', '=', p.account))
      .select([
        'wallet_settings.auto_reload_enabled',
        'wallet_settings.auto_reload_threshold_cents',
        'wallet_settings.auto_reload_amount_cents',
        'wallet_settings.auto_reload_max_per_day',
        'wallet_settings.auto_reload_max_per_month',
        'wallet_settings.stripe_customer_id',
        'wallet_settings.stripe_payment_method_id',
        'accounts.balance_cents',
      ])
      .where('wallet_settings.contractor_id', '=', p.contractorId),
);

/**
 * After a purchase: when the balance fell below the threshold, start ONE off-session charge.
 * The partial unique index on pending reloads makes a second concurrent start fail harmlessly.
 */
export async function maybeAutoReload(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  contractorId: string,
): Promise<'started' | 'not_needed' | 'in_flight' | 'no_card' | 'failed' | 'payments_disabled' | 'limit_reached'> {
  if (payments.mode === 'disabled') return 'payments_disabled';
  // The settings and the balance in one statement: this runs after every purchase.
  const [settings] = await reloadSettingsRead(ctx.db, { contractorId, account: walletAccountOf(contractorId) });
  if (
    !settings ||
    !needsReload(
      { enabled: settings.auto_reload_enabled, thresholdCents: Number(settings.auto_reload_threshold_cents) },
      Number(settings.balance_cents ?? 0),
    )
  )
    return 'not_needed';
  if (!settings.stripe_customer_id || !settings.stripe_payment_method_id) {
    await ctx.db
      .updateTable('wallet_settings')
      .set({
        auto_reload_enabled: false,
        auto_reload_disabled_reason:
          'Auto-reload was turned off: no saved card. Add funds once with a card to enable it.',
        updated_at: new Date(),
      })
      .where('contractor_id', '=', contractorId)
      .execute();
    return 'no_card';
  }
  if (await reloadLimitReached(ctx, contractorId, settings)) return 'limit_reached';
  const fundingId = randomUUID();
  const amount = Number(settings.auto_reload_amount_cents);
  const claimed = await ctx.db
    .insertInto('funding_sessions')
    .values({
      id: fundingId,
      contractor_id: contractorId,
      kind: 'auto_reload',
      amount_cents: amount,
      status: 'pending',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return 'in_flight';
  const method = { customerId: settings.stripe_customer_id, paymentMethodId: settings.stripe_payment_method_id };
  let charge: Awaited<ReturnType<Payments['chargeOffSession']>>;
  try {
    charge = await payments.chargeOffSession({ fundingId, contractorId, amountCents: amount, method });
  } catch (error) {
    // Unknown outcome (network): leave the row pending; the webhook settles it, none other starts meanwhile.
    ctx.logger.warn({ err: String(error), fundingId }, 'auto-reload charge outcome unknown');
    return 'failed';
  }
  await ctx.db
    .updateTable('funding_sessions')
    .set({ stripe_payment_intent_id: charge.paymentIntentId })
    .where('id', '=', fundingId)
    .execute();
  if (charge.status === 'failed') {
    await failFunding(ctx, fundingId, 'failed', charge.failureReason ?? null);
    return 'failed';
  }
  if (payments.mode === 'development') {
    await deliverDevEvent(ctx, payments, 'payment_intent.succeeded', {
      id: charge.paymentIntentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'usd',
      status: 'succeeded',
      metadata: { funding_id: fundingId, contractor_id: contractorId },
    });
  }
  return 'started';
}

/**
 * The contractor's auto-reload limits: reloads started this UTC day / UTC month, failed
 * ones excluded (they moved no money). Checked before a charge is claimed; two purchases racing
 * past the check still start at most one charge (the one-pending-reload index).
 */
async function reloadLimitReached(
  ctx: ServiceContext<WalletLedgerDatabase>,
  contractorId: string,
  settings: { auto_reload_max_per_day?: unknown; auto_reload_max_per_month?: unknown },
): Promise<boolean> {
  const perDay = settings.auto_reload_max_per_day == null ? null : Number(settings.auto_reload_max_per_day);
  const perMonth = settings.auto_reload_max_per_month == null ? null : Number(settings.auto_reload_max_per_month);
  if (perDay === null && perMonth === null) return false;
  const now = new Date();
  const day = utcDayStart(now);
  const row = await ctx.db
    .selectFrom('funding_sessions')
    .select([sql<string>`count(*) filter (where created_at >= ${day})`.as('today'), sql<string>`count(*)`.as('month')])
    .where('contractor_id', '=', contractorId)
    .where('kind', '=', 'auto_reload')
    .where('status', 'not in', ['failed', 'cancelled'])
    .where('created_at', '>=', utcMonthStart(now))
    .executeTakeFirstOrThrow();
  const reached =
    (perDay !== null && Number(row.today) >= perDay) || (perMonth !== null && Number(row.month) >= perMonth);
  if (reached) ctx.logger.info({ contractorId, perDay, perMonth }, 'auto-reload limit reached; no charge started');
  return reached;
}
