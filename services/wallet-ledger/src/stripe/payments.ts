import { randomBytes } from 'node:crypto';
import { ConfigError, HttpError, isProduction, switchOn } from '@leadmarket/platform';
import { FUNDING_UNAVAILABLE } from '../domain/funding.js';
import Stripe from 'stripe';

/** The Stripe settings of this service (see README of the service for their meaning). */
export interface StripeSettings {
  secretKey?: string;
  webhookSecret?: string;
  /** Tests: e.g. http://127.0.0.1:4242 — the real SDK talks to a fake server there. */
  apiBase?: string;
  /** PAYMENTS_DISABLED=true: funding is turned off and answers 503 (never a development checkout). */
  disabled?: boolean;
}

/** Read STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE. */
export function stripeSettingsFrom(env: Record<string, string | undefined>): StripeSettings {
  const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  const settings = {
    secretKey: blank(env.STRIPE_SECRET_KEY),
    webhookSecret: blank(env.STRIPE_WEBHOOK_SECRET),
    apiBase: blank(env.STRIPE_API_BASE),
    disabled: switchOn(env, 'PAYMENTS_DISABLED'),
  };
  if (settings.disabled) return { disabled: true };
  if (settings.secretKey && !settings.webhookSecret)
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set']);
  // The development provider credits wallets for free: production never gets it (start-up also checks).
  if (isProduction(env) && !settings.secretKey)
    throw new ConfigError([
      'STRIPE_SECRET_KEY is required in production: wallet funding through Stripe Checkout (or set PAYMENTS_DISABLED=true to turn it off)',
    ]);
  return settings;
}

/** A payment method saved by a checkout, for off-session reloads. */
export interface SavedPaymentMethod {
  customerId: string;
  paymentMethodId: string;
}

/**
 * Payments through the real Stripe SDK, or — without a secret key, outside production — the
 * development provider: sessions live only in our database and the dev checkout page signs its own
 * webhook events with a per-process secret, so both modes credit wallets through the same
 * signature-checked path. `disabled` (PAYMENTS_DISABLED=true) refuses every payment with a 503.
 */
export class Payments {
  readonly mode: 'stripe' | 'development' | 'disabled';
  readonly webhookSecret: string;
  private readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.mode = settings.disabled ? 'disabled' : settings.secretKey ? 'stripe' : 'development';
    this.webhookSecret = settings.webhookSecret ?? `whsec_dev_${randomBytes(24).toString('hex')}`;
    const api = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey ?? 'sk_test_development', {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  /** Create a Checkout Session (real) or a development session id; the URL the browser goes to. */
  async createCheckout(input: {
    fundingId: string;
    contractorId: string;
    amountCents: number;
    successUrl: string;
    cancelUrl: string;
    devPageUrl: string;
    customerId?: string | null;
  }) {
    this.refuseWhenDisabled();
    if (this.mode === 'development') {
      const id = `cs_dev_${randomBytes(12).toString('hex')}`;
      return { sessionId: id, url: `${input.devPageUrl}/${id}` };
    }
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: input.fundingId,
        ...(input.customerId ? { customer: input.customerId } : { customer_creation: 'always' as const }),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: input.amountCents,
              product_data: { name: 'Lead wallet funding' },
            },
          },
        ],
        // Saved for auto-reload: the charge may later run with nobody at the browser.
        payment_intent_data: {
          setup_future_usage: 'off_session',
          metadata: { funding_id: input.fundingId, contractor_id: input.contractorId },
        },
        metadata: { funding_id: input.fundingId, contractor_id: input.contractorId },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `checkout-${input.fundingId}` },
    );
    if (!session.url) throw new Error('Stripe returned a session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /** The customer and card a completed checkout saved (development: placeholders). */
  async savedMethodOf(session: Stripe.Checkout.Session): Promise<SavedPaymentMethod | null> {
    const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (this.mode === 'development') return { customerId: customerId ?? 'cus_dev', paymentMethodId: 'pm_dev_card' };
    const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!customerId || !intentId) return null;
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    return method ? { customerId, paymentMethodId: method } : null;
  }

  /** One off-session charge of a saved card; Stripe's decline comes back as `failed` with its reason. */
  async chargeOffSession(input: {
    fundingId: string;
    contractorId: string;
    amountCents: number;
    method: SavedPaymentMethod;
  }): Promise<{ paymentIntentId: string; status: 'processing' | 'failed'; failureReason?: string }> {
    this.refuseWhenDisabled();
    if (this.mode === 'development')
      return { paymentIntentId: `pi_dev_${randomBytes(12).toString('hex')}`, status: 'processing' };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.method.customerId,
          payment_method: input.method.paymentMethodId,
          off_session: true,
          confirm: true,
          description: 'Lead wallet auto-reload',
          metadata: { funding_id: input.fundingId, contractor_id: input.contractorId },
        },
        { idempotencyKey: `reload-${input.fundingId}` },
      );
      if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
        return {
          paymentIntentId: intent.id,
          status: 'failed',
          failureReason: intent.last_payment_error?.message ?? `Payment ${intent.status}`,
        };
      }
      return { paymentIntentId: intent.id, status: 'processing' };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        const intentId =
          (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id ??
          `failed_${input.fundingId}`;
        return { paymentIntentId: intentId, status: 'failed', failureReason: error.message };
      }
      throw error;
    }
  }

  /** Ask Stripe where an off-session charge stands (reconciling reloads whose webhook never came). */
  async intentOutcome(input: {
    fundingId: string;
    paymentIntentId: string | null;
    contractorId: string;
    amountCents: number;
    method: SavedPaymentMethod | null;
  }): Promise<{
    paymentIntentId: string;
    state: 'succeeded' | 'failed' | 'pending';
    amountCents: number;
    reason?: string;
  }> {
    let intent: Stripe.PaymentIntent;
    if (input.paymentIntentId) intent = await this.stripe.paymentIntents.retrieve(input.paymentIntentId);
    else {
      if (!input.method)
        return {
          paymentIntentId: `failed_${input.fundingId}`,
          state: 'failed',
          amountCents: 0,
          reason: 'no saved card',
        };
      // Same idempotency key as the first attempt: Stripe answers with that attempt's PaymentIntent, never a second charge.
      const again = await this.chargeOffSession({
        fundingId: input.fundingId,
        contractorId: input.contractorId,
        amountCents: input.amountCents,
        method: input.method,
      });
      if (again.status === 'failed')
        return { paymentIntentId: again.paymentIntentId, state: 'failed', amountCents: 0, reason: again.failureReason };
      intent = await this.stripe.paymentIntents.retrieve(again.paymentIntentId);
    }
    if (intent.status === 'succeeded')
      return { paymentIntentId: intent.id, state: 'succeeded', amountCents: intent.amount_received || intent.amount };
    if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
      return {
        paymentIntentId: intent.id,
        state: 'failed',
        amountCents: 0,
        reason: intent.last_payment_error?.message ?? `Payment ${intent.status}`,
      };
    }
    return { paymentIntentId: intent.id, state: 'pending', amountCents: 0 };
  }

  /** Funding is turned off: a clear 503, never a pretend payment. */
  refuseWhenDisabled(): void {
    if (this.mode === 'disabled') throw new HttpError(503, FUNDING_UNAVAILABLE);
  }

  /** Verify a webhook's signature over the raw bytes; throws when it does not match. */
  verify(raw: Buffer | string, signature: string | undefined): Stripe.Event {
    this.refuseWhenDisabled();
    return this.stripe.webhooks.constructEvent(raw, signature ?? '', this.webhookSecret);
  }

  /** Sign a payload the way Stripe does (development provider and tests). */
  sign(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }
}
