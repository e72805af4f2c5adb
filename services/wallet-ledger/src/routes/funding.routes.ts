import type { FastifyReply } from 'fastify';
import {
  AUTO_RELOAD_AMOUNT_RANGE,
  AUTO_RELOAD_THRESHOLD_RANGE,
  AutoReloadUpdateSchema,
  centsToDollars,
  functionPath,
  PurchaseCreditsRequestSchema,
  INTERNAL_CALLS,
  type InternalResponse,
} from '@leadmarket/contracts';
import { badRequest, contractorIdOf, errorBody, type ServiceApp } from '@leadmarket/platform';
import {
  autoReloadSettingsOf,
  findFundingSession,
  updateAutoReloadSettings,
  walletSummaries,
} from '../db/funding.repository.js';
import { ensureWallet, walletBalance } from '../db/ledger.repository.js';
import { AUTO_RELOAD_MESSAGES, checkFundingAmount, checkReloadDollars } from '../domain/funding.js';
import { devCheckoutPage, unknownSessionPage } from '../use-cases/dev-checkout-page.js';
import { returnUrl, startCheckout } from '../use-cases/checkout.js';
import { deliverDevEvent, receiveWebhook } from '../use-cases/stripe-webhook.js';
import type { WalletContext } from '../context.js';

/** A wallet's auto-reload columns, as any read of them gives them (numbers may come as text). */
interface AutoReloadColumns {
  auto_reload_enabled: boolean | null;
  auto_reload_threshold_cents: number | string | null;
  auto_reload_amount_cents: number | string | null;
  auto_reload_disabled_reason?: string | null;
  stripe_payment_method_id?: string | null;
}

export const settingsAnswer = (s: AutoReloadColumns) => ({
  success: true as const,
  auto_reload_enabled: Boolean(s.auto_reload_enabled),
  auto_reload_threshold: centsToDollars(Number(s.auto_reload_threshold_cents)),
  auto_reload_amount: centsToDollars(Number(s.auto_reload_amount_cents)),
  disabled_reason: s.auto_reload_disabled_reason ?? null,
  has_saved_card: Boolean(s.stripe_payment_method_id),
});

const asBoolean = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;

/** Funding (Checkout, webhook, development checkout page), auto-reload settings and the internal wallet views. */
export async function registerFundingRoutes(app: ServiceApp, ctx: WalletContext): Promise<void> {
  const { payments } = ctx;

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
    ...settingsAnswer(await autoReloadSettingsOf(ctx.db, contractorIdOf(request))),
    funding_available: fundingAvailable,
  }));

  app.post(functionPath('auto-reload-settings'), { schema: { body: AutoReloadUpdateSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const body = request.body;
    const patch: Parameters<typeof updateAutoReloadSettings>[2] = {};
    if (body.auto_reload_enabled !== undefined) {
      const enabled = asBoolean(body.auto_reload_enabled);
      if (enabled === undefined) throw badRequest(AUTO_RELOAD_MESSAGES.enabled, 'auto_reload_enabled');
      if (enabled) payments.refuseWhenDisabled();
      // Refused rather than saved: an auto-reload without a card would switch itself off at the first low balance.
      if (enabled && !(await autoReloadSettingsOf(ctx.db, contractorId)).stripe_payment_method_id)
        throw badRequest(AUTO_RELOAD_MESSAGES.noCard, 'auto_reload_enabled');
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
    await updateAutoReloadSettings(ctx.db, contractorId, patch);
    return {
      ...settingsAnswer(await autoReloadSettingsOf(ctx.db, contractorId)),
      funding_available: fundingAvailable,
      message: 'Auto-reload settings saved',
    };
  });

  // The webhook and the development checkout need the raw bytes (signatures cover them) and accept
  // form posts, so they live in their own scope with a buffer body parser. Awaited: the routes must
  // exist when start-up checks that every function of this service has a handler.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post(functionPath('stripe-webhook'), async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      let result;
      try {
        result = await receiveWebhook(ctx, payments, raw, request.headers['stripe-signature'] as string | undefined);
      } catch (error) {
        const { type, name } = (error ?? {}) as { type?: unknown; name?: unknown };
        if (
          type === 'StripeSignatureVerificationError' ||
          name === 'StripeSignatureVerificationError' ||
          error instanceof SyntaxError
        ) {
          return reply.code(400).send(errorBody('Invalid webhook signature'));
        }
        throw error;
      }
      return { received: true, credited: result.credited };
    });

    // The development checkout credits wallets for free: it exists only outside production, without Stripe keys.
    const devCheckoutOff = () => payments.mode !== 'development' || ctx.production;
    const devOnly = (reply: FastifyReply) =>
      reply.code(404).type('text/plain').send('Not found: the development checkout is off here.');

    scope.get('/dev/checkout/:session_id', async (request, reply) => {
      if (devCheckoutOff()) return devOnly(reply);
      const id = (request.params as { session_id: string }).session_id;
      const row = await findFundingSession(ctx.db, id);
      if (!row) return reply.code(404).type('text/html').send(unknownSessionPage());
      return reply.type('text/html').send(devCheckoutPage(id, row));
    });

    scope.post('/dev/checkout/:session_id/:action', async (request, reply) => {
      if (devCheckoutOff()) return devOnly(reply);
      const { session_id, action } = request.params as { session_id: string; action: string };
      if (action !== 'complete' && action !== 'cancel')
        return reply.code(404).send(errorBody('Unknown checkout action'));
      const row = await findFundingSession(ctx.db, session_id);
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

  app.get(INTERNAL_CALLS.wallet.path, async (request): Promise<InternalResponse<'wallet'>> => {
    const contractorId = (request.params as { contractor_id: string }).contractor_id;
    const s = await autoReloadSettingsOf(ctx.db, contractorId);
    return {
      balance_cents: await walletBalance(ctx.db, contractorId),
      auto_reload_enabled: Boolean(s.auto_reload_enabled),
      auto_reload_threshold_cents: Number(s.auto_reload_threshold_cents),
      auto_reload_amount_cents: Number(s.auto_reload_amount_cents),
      auto_reload_disabled_reason: s.auto_reload_disabled_reason ?? null,
    };
  });

  app.post(
    INTERNAL_CALLS.walletSummary.path,
    { schema: { body: INTERNAL_CALLS.walletSummary.body } },
    async (request): Promise<InternalResponse<'walletSummary'>> => ({
      wallets: await walletSummaries(ctx.db, request.body.contractor_ids),
    }),
  );
}
