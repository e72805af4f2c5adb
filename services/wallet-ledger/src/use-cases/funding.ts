import { randomUUID } from 'node:crypto';
import { MESSAGES, utcDayStart, utcMonthStart } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { badRequest, HttpError, preparedRead, type ServiceContext } from '@leadmarket/platform';
import type Stripe from 'stripe';
import { ensureWallet, lockWallet, postTransaction } from '../db/ledger.repository.js';
import { fundingLines, walletAccountOf } from '../domain/ledger.js';
import { needsReload } from '../domain/funding.js';
import type { Payments, SavedPaymentMethod } from '../stripe/payments.js';
import { checkWebhookEvent } from '../stripe/webhook-event.js';
import { fundedEvents } from './events.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** Where Checkout sends the browser back: the contractor's dashboard with payment=success|cancelled. */
export const returnUrl = (publicBaseUrl: string, contractorId: string, outcome: 'success' | 'cancelled') =>
  `${publicBaseUrl.replace(/\/$/, '')}/contractor/${encodeURIComponent(contractorId)}?payment=${outcome}`;

/** Open a funding session: a row of ours first (so the webhook can always find it), then the Checkout Session. */
export async function startCheckout(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  contractorId: string,
  amountCents: number,
): Promise<{ fundingId: string; paymentUrl: string }> {
  const fundingId = randomUUID();
  await ensureWallet(ctx.db, contractorId);
  const settings = await ctx.db
    .selectFrom('wallet_settings')
    .select('stripe_customer_id')
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  await ctx.db
    .insertInto('funding_sessions')
    .values({
      id: fundingId,
      contractor_id: contractorId,
      kind: 'checkout',
      amount_cents: amountCents,
      status: 'creating',
    })
    .execute();
  let checkout: { sessionId: string; url: string };
  try {
    checkout = await payments.createCheckout({
      fundingId,
      contractorId,
      amountCents,
      successUrl: returnUrl(ctx.publicBaseUrl, contractorId, 'success'),
      cancelUrl: returnUrl(ctx.publicBaseUrl, contractorId, 'cancelled'),
      devPageUrl: `${ctx.publicBaseUrl.replace(/\/$/, '')}/dev/checkout`,
      customerId: payments.mode === 'stripe' ? settings?.stripe_customer_id : null,
    });
  } catch (error) {
    ctx.logger.warn({ err: String(error), fundingId }, 'checkout session creation failed');
    await ctx.db
      .updateTable('funding_sessions')
      .set({ status: 'failed', failure_reason: String((error as Error).message ?? error).slice(0, 500) })
      .where('id', '=', fundingId)
      .execute();
    // The provider failed, not the caller: a 502 with the spec's own text for this case.
    throw new HttpError(502, MESSAGES.contractor.paymentFailed);
  }
  await ctx.db
    .updateTable('funding_sessions')
    .set({ status: 'open', stripe_session_id: checkout.sessionId })
    .where('id', '=', fundingId)
    .execute();
  return { fundingId, paymentUrl: checkout.url };
}

/** Which of our funding rows a Stripe object belongs to: our id in metadata, else Stripe's id. */
async function findFunding(
  ctx: ServiceContext<WalletLedgerDatabase>,
  by: { fundingId?: string | null; sessionId?: string; intentId?: string },
) {
  let q = ctx.db.selectFrom('funding_sessions').selectAll();
  if (by.fundingId) q = q.where('id', '=', by.fundingId);
  else if (by.sessionId) q = q.where('stripe_session_id', '=', by.sessionId);
  else if (by.intentId) q = q.where('stripe_payment_intent_id', '=', by.intentId);
  else return undefined;
  return q.executeTakeFirst();
}

/**
 * Credit a funding row exactly once: the row moves to `completed` only from an open state, and the
 * ledger reference is unique, so a webhook delivered any number of times credits once.
 */
async function creditFunding(
  ctx: ServiceContext<WalletLedgerDatabase>,
  fundingId: string,
  saved: SavedPaymentMethod | null,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('funding_sessions')
      .set({ status: 'completed', completed_at: new Date() })
      .where('id', '=', fundingId)
      .where('status', 'in', ['open', 'pending', 'creating'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const contractorId = row.contractor_id;
    const amount = Number(row.amount_cents);
    await lockWallet(trx, contractorId);
    const source = row.kind === 'auto_reload' ? 'auto_reload' : 'checkout';
    const posted = await postTransaction(trx, {
      kind: row.kind === 'auto_reload' ? 'auto_reload' : 'wallet_funding',
      contractorId,
      reference: `funding:${fundingId}`,
      amountCents: amount,
      description:
        row.kind === 'auto_reload'
          ? `Auto-reload $${(amount / 100).toFixed(2)}`
          : `Wallet funding $${(amount / 100).toFixed(2)} (Stripe Checkout)`,
      lines: fundingLines(contractorId, amount),
    });
    if (!posted) return false;
    if (saved) {
      await trx
        .updateTable('wallet_settings')
        .set({
          stripe_customer_id: saved.customerId,
          stripe_payment_method_id: saved.paymentMethodId,
          updated_at: new Date(),
        })
        .where('contractor_id', '=', contractorId)
        .execute();
    }
    await ctx.emit(
      trx,
      fundedEvents(contractorId, amount, posted.balances.get(walletAccountOf(contractorId))!, source),
    );
    return true;
  });
}

/** A failed or abandoned funding: checkout sessions just close; a failed reload also turns auto-reload off with the reason. */
async function failFunding(
  ctx: ServiceContext<WalletLedgerDatabase>,
  fundingId: string,
  status: 'cancelled' | 'failed',
  reason: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('funding_sessions')
      .set({ status, failure_reason: reason, completed_at: new Date() })
      .where('id', '=', fundingId)
      .where('status', 'in', ['open', 'pending', 'creating'])
      .returningAll()
      .executeTakeFirst();
    if (row?.kind === 'auto_reload') {
      await trx
        .updateTable('wallet_settings')
        .set({
          auto_reload_enabled: false,
          auto_reload_disabled_reason: `Auto-reload was turned off: the charge failed (${reason ?? 'declined'}).`,
          updated_at: new Date(),
        })
        .where('contractor_id', '=', row.contractor_id)
        .execute();
    }
  });
}

/** Apply one verified Stripe event. Unknown sessions and event types are acknowledged and ignored. */
export async function applyStripeEvent(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  event: Stripe.Event,
): Promise<{ credited: boolean }> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status !== 'paid') return { credited: false };
      const row = await findFunding(ctx, {
        fundingId: session.client_reference_id ?? session.metadata?.funding_id,
        sessionId: session.id,
      });
      if (!row || row.kind !== 'checkout' || row.status === 'completed') return { credited: false };
      if (Number(session.amount_total) !== Number(row.amount_cents)) {
        ctx.logger.warn(
          { funding: row.id, amount_total: session.amount_total },
          'checkout amount differs from the funding row; not credited',
        );
        throw badRequest('Webhook amount differs from the funding session; not credited');
      }
      // Stripe is asked before the transaction opens (never hold a transaction over a network call).
      const saved = await payments.savedMethodOf(session).catch(() => null);
      return { credited: await creditFunding(ctx, row.id, saved) };
    }
    case 'checkout.session.expired': {
      const session = event.data.object as Stripe.Checkout.Session;
      const row = await findFunding(ctx, {
        fundingId: session.client_reference_id ?? session.metadata?.funding_id,
        sessionId: session.id,
      });
      if (row) await failFunding(ctx, row.id, 'cancelled', null);
      return { credited: false };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object as Stripe.PaymentIntent;
      const row = await findFunding(ctx, { fundingId: intent.metadata?.funding_id, intentId: intent.id });
      // Checkout payments are credited by their session event; only reloads are credited here.
      if (!row || row.kind !== 'auto_reload') return { credited: false };
      if (Number(intent.amount_received || intent.amount) !== Number(row.amount_cents))
        throw badRequest('Webhook amount differs from the funding session; not credited');
      return { credited: await creditFunding(ctx, row.id, null) };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object as Stripe.PaymentIntent;
      const row = await findFunding(ctx, { fundingId: intent.metadata?.funding_id, intentId: intent.id });
      if (row?.kind === 'auto_reload')
        await failFunding(ctx, row.id, 'failed', intent.last_payment_error?.message ?? 'payment failed');
      return { credited: false };
    }
    default:
      return { credited: false };
  }
}

/** Verify and apply a webhook delivery (the HTTP route and the development provider share it). */
export async function receiveWebhook(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  raw: Buffer | string,
  signature: string | undefined,
) {
  const event = checkWebhookEvent(payments.verify(raw, signature), signature);
  return applyStripeEvent(ctx, payments, event);
}

/** Build and deliver a development event through the same signature-checked path. */
export async function deliverDevEvent(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  type: string,
  object: Record<string, unknown>,
) {
  const payload = JSON.stringify({
    id: `evt_dev_${randomUUID()}`,
    object: 'event',
    type,
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return receiveWebhook(ctx, payments, payload, payments.sign(payload));
}

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
 * Settle auto-reloads still pending after `olderThanMs` (a lost webhook, or a charge whose outcome
 * was unknown): ask Stripe and credit or fail exactly as the webhook would. Development charges
 * settle at once, so only the Stripe mode has work here.
 */
export async function reconcilePendingReloads(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  olderThanMs: number,
): Promise<number> {
  if (payments.mode !== 'stripe') return 0; // development settles at once; disabled never charges
  const rows = await ctx.db
    .selectFrom('funding_sessions as f')
    .innerJoin('wallet_settings as s', 's.contractor_id', 'f.contractor_id')
    .select([
      'f.id',
      'f.contractor_id',
      'f.amount_cents',
      'f.stripe_payment_intent_id',
      's.stripe_customer_id',
      's.stripe_payment_method_id',
    ])
    .where('f.kind', '=', 'auto_reload')
    .where('f.status', '=', 'pending')
    .where('f.created_at', '<', new Date(Date.now() - olderThanMs))
    .limit(100)
    .execute();
  let settled = 0;
  for (const row of rows) {
    const amount = Number(row.amount_cents);
    const method =
      row.stripe_customer_id && row.stripe_payment_method_id
        ? { customerId: row.stripe_customer_id, paymentMethodId: row.stripe_payment_method_id }
        : null;
    const outcome = await payments.intentOutcome({
      fundingId: row.id,
      paymentIntentId: row.stripe_payment_intent_id,
      contractorId: row.contractor_id,
      amountCents: amount,
      method,
    });
    if (!row.stripe_payment_intent_id)
      await ctx.db
        .updateTable('funding_sessions')
        .set({ stripe_payment_intent_id: outcome.paymentIntentId })
        .where('id', '=', row.id)
        .execute();
    if (outcome.state === 'succeeded' && outcome.amountCents === amount)
      settled += (await creditFunding(ctx, row.id, null)) ? 1 : 0;
    else if (outcome.state === 'failed') {
      await failFunding(ctx, row.id, 'failed', outcome.reason ?? null);
      settled++;
    }
  }
  return settled;
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
