import {
  AUTO_RELOAD_AMOUNT_RANGE,
  AUTO_RELOAD_DEFAULTS,
  AUTO_RELOAD_THRESHOLD_RANGE,
  AutoReloadUpdateSchema,
  centsToDollars,
  functionPath,
  PurchaseCreditsRequestSchema,
  WalletsSummaryRequestSchema,
} from '@leadmarket/contracts';
import { badRequest, contractorIdOf, errorBody, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ensureWallet, walletBalance } from '../db/ledger.repository.js';
import type { WalletDeps } from '../config.js';
import { AUTO_RELOAD_MESSAGES, checkFundingAmount, checkReloadDollars } from '../domain/funding.js';
import { walletAccountOf } from '../domain/ledger.js';
import { deliverDevEvent, receiveWebhook, returnUrl, startCheckout } from '../use-cases/funding.js';

/** A wallet's auto-reload settings, or the defaults when it has none yet: reading never creates a wallet. */
async function settingsOf(db: Kysely<any>, contractorId: string) {
  const row = await db
    .selectFrom('wallet_settings')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  return (
    row ?? {
      contractor_id: contractorId,
      auto_reload_enabled: AUTO_RELOAD_DEFAULTS.enabled,
      auto_reload_threshold_cents: AUTO_RELOAD_DEFAULTS.thresholdDollars * 100,
      auto_reload_amount_cents: AUTO_RELOAD_DEFAULTS.amountDollars * 100,
      auto_reload_disabled_reason: null,
      stripe_payment_method_id: null,
    }
  );
}

const settingsAnswer = (s: any) => ({
  success: true as const,
  auto_reload_enabled: Boolean(s.auto_reload_enabled),
  auto_reload_threshold: centsToDollars(Number(s.auto_reload_threshold_cents)),
  auto_reload_amount: centsToDollars(Number(s.auto_reload_amount_cents)),
  disabled_reason: s.auto_reload_disabled_reason ?? null,
  has_saved_card: Boolean(s.stripe_payment_method_id),
});

const asBoolean = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Funding (Checkout, webhook, development checkout page), auto-reload settings and the internal wallet views. */
export async function registerFundingRoutes(app: ServiceApp, ctx: ServiceContext, deps: WalletDeps): Promise<void> {
  const { payments } = deps;

  app.post(
    functionPath('contractors-purchase-credits'),
    { schema: { body: PurchaseCreditsRequestSchema } },
    async (request) => {
      const contractorId = contractorIdOf(request);
      payments.refuseWhenDisabled();
      const amount = checkFundingAmount(request.body.amount);
      if (!amount.ok) throw badRequest(amount.message, 'amount');
      const { paymentUrl } = await startCheckout(ctx, payments, contractorId, amount.cents);
      return { payment_url: paymentUrl };
    },
  );

  // funding_available tells the dashboard to say funding is off (PAYMENTS_DISABLED) instead of offering it.
  const fundingAvailable = payments.mode !== 'disabled';
  app.get(functionPath('auto-reload-settings'), async (request) => ({
    ...settingsAnswer(await settingsOf(ctx.db, contractorIdOf(request))),
    funding_available: fundingAvailable,
  }));

  app.post(functionPath('auto-reload-settings'), { schema: { body: AutoReloadUpdateSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const body = request.body;
    const patch: Record<string, unknown> = {};
    if (body.auto_reload_enabled !== undefined) {
      const enabled = asBoolean(body.auto_reload_enabled);
      if (enabled === undefined) throw badRequest(AUTO_RELOAD_MESSAGES.enabled, 'auto_reload_enabled');
      if (enabled) payments.refuseWhenDisabled();
      patch.auto_reload_enabled = enabled;
      if (enabled) patch.auto_reload_disabled_reason = null;
    }
    if (body.auto_reload_threshold !== undefined) {
      const t = checkReloadDollars(
        body.auto_reload_threshold,
        AUTO_RELOAD_THRESHOLD_RANGE,
        AUTO_RELOAD_MESSAGES.threshold,
      );
      if (!t.ok) throw badRequest(t.message, 'auto_reload_threshold');
      patch.auto_reload_threshold_cents = t.cents;
    }
    if (body.auto_reload_amount !== undefined) {
      const a = checkReloadDollars(body.auto_reload_amount, AUTO_RELOAD_AMOUNT_RANGE, AUTO_RELOAD_MESSAGES.amount);
      if (!a.ok) throw badRequest(a.message, 'auto_reload_amount');
      patch.auto_reload_amount_cents = a.cents;
    }
    await ensureWallet(ctx.db, contractorId);
    if (Object.keys(patch).length) {
      await ctx.db
        .updateTable('wallet_settings')
        .set({ ...patch, updated_at: new Date() })
        .where('contractor_id', '=', contractorId)
        .execute();
    }
    return {
      ...settingsAnswer(await settingsOf(ctx.db, contractorId)),
      funding_available: fundingAvailable,
      message: 'Auto-reload settings saved',
    };
  });

  // The webhook and the development checkout need the raw bytes (signatures cover them) and accept
  // form posts, so they live in their own scope with a buffer body parser. Awaited: the routes must
  // exist before the platform adds its 501 placeholders.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post(functionPath('stripe-webhook'), async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      let result;
      try {
        result = await receiveWebhook(ctx, payments, raw, request.headers['stripe-signature'] as string | undefined);
      } catch (error: any) {
        if (
          error?.type === 'StripeSignatureVerificationError' ||
          error?.name === 'StripeSignatureVerificationError' ||
          error instanceof SyntaxError
        ) {
          return reply.code(400).send(errorBody('Invalid webhook signature'));
        }
        throw error;
      }
      return { received: true, credited: result.credited };
    });

    // The development checkout credits wallets for free: it exists only outside production, without Stripe keys.
    const devCheckoutOff = () => payments.mode !== 'development' || deps.production;
    const devOnly = (reply: any) =>
      reply.code(404).type('text/plain').send('Not found: the development checkout is off here.');
    const page = (title: string, body: string) =>
      `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body>${body}</body></html>`;

    scope.get('/dev/checkout/:session_id', async (request, reply) => {
      if (devCheckoutOff()) return devOnly(reply);
      const id = (request.params as { session_id: string }).session_id;
      const row = await ctx.db
        .selectFrom('funding_sessions')
        .selectAll()
        .where('stripe_session_id', '=', id)
        .executeTakeFirst();
      if (!row)
        return reply.code(404).type('text/html').send(page('Unknown session', '<h1>Unknown checkout session</h1>'));
      const amount = `$${(Number(row.amount_cents) / 100).toFixed(2)}`;
      const safe = escapeHtml(id);
      const body =
        row.status === 'open'
          ? `<h1>Development checkout</h1><p>No card is charged: this page stands in for Stripe Checkout.</p><p>Add <strong>${amount}</strong> to the wallet of contractor ${escapeHtml(row.contractor_id)}.</p>
<form method="post" action="/dev/checkout/${safe}/complete" style="display:inline"><button type="submit">Complete payment</button></form>
<form method="post" action="/dev/checkout/${safe}/cancel" style="display:inline"><button type="submit">Cancel</button></form>`
          : `<h1>Checkout ${escapeHtml(row.status)}</h1><p>This session was already processed.</p>`;
      return reply.type('text/html').send(page('Development checkout', body));
    });

    scope.post('/dev/checkout/:session_id/:action', async (request, reply) => {
      if (devCheckoutOff()) return devOnly(reply);
      const { session_id, action } = request.params as { session_id: string; action: string };
      if (action !== 'complete' && action !== 'cancel')
        return reply.code(404).send(errorBody('Unknown checkout action'));
      const row = await ctx.db
        .selectFrom('funding_sessions')
        .selectAll()
        .where('stripe_session_id', '=', session_id)
        .executeTakeFirst();
      if (!row) return reply.code(404).send(errorBody('Unknown checkout session'));
      const amount = Number(row.amount_cents);
      await deliverDevEvent(
        ctx,
        payments,
        action === 'complete' ? 'checkout.session.completed' : 'checkout.session.expired',
        {
          id: session_id,
          object: 'checkout.session',
          client_reference_id: row.id,
          amount_total: amount,
          currency: 'usd',
          payment_status: action === 'complete' ? 'paid' : 'unpaid',
          status: action === 'complete' ? 'complete' : 'expired',
          customer: `cus_dev_${row.contractor_id}`,
          payment_intent: `pi_dev_${row.id}`,
          metadata: { funding_id: row.id, contractor_id: row.contractor_id },
        },
      );
      return reply.redirect(
        returnUrl(ctx.publicBaseUrl, row.contractor_id, action === 'complete' ? 'success' : 'cancelled'),
        303,
      );
    });
  });

  app.get('/internal/wallets/:contractor_id', async (request) => {
    const contractorId = (request.params as { contractor_id: string }).contractor_id;
    const s = await settingsOf(ctx.db, contractorId);
    return {
      balance_cents: await walletBalance(ctx.db, contractorId),
      auto_reload_enabled: Boolean(s.auto_reload_enabled),
      auto_reload_threshold_cents: Number(s.auto_reload_threshold_cents),
      auto_reload_amount_cents: Number(s.auto_reload_amount_cents),
      auto_reload_disabled_reason: s.auto_reload_disabled_reason ?? null,
    };
  });

  app.post('/internal/wallets/summary', { schema: { body: WalletsSummaryRequestSchema } }, async (request) => {
    const ids = [...new Set(request.body.contractor_ids)];
    if (ids.length === 0) return { wallets: [] };
    const balances = await ctx.db
      .selectFrom('accounts')
      .select(['contractor_id', 'balance_cents'])
      .where('id', 'in', ids.map(walletAccountOf))
      .execute();
    const spend = await ctx.db
      .selectFrom('purchases')
      .select(['contractor_id', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(price_cents), 0)`.as('total')])
      .where('contractor_id', 'in', ids)
      .where('status', '<>', 'refunded')
      .groupBy('contractor_id')
      .execute();
    return {
      wallets: ids.map((id) => {
        const s = spend.find((r) => r.contractor_id === id);
        return {
          contractor_id: id,
          balance_cents: Number(balances.find((b) => b.contractor_id === id)?.balance_cents ?? 0),
          leads_purchased: Number(s?.n ?? 0),
          total_spend_cents: Number(s?.total ?? 0),
        };
      }),
    };
  });
}
