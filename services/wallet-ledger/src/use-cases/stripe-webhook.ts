import { randomUUID } from 'node:crypto';
import { badRequest, type ServiceContext } from '@leadmarket/platform';
import type Stripe from 'stripe';
import type { Payments } from '../stripe/payments.js';
import { checkWebhookEvent } from '../stripe/webhook-event.js';
import { creditFunding, failFunding } from './settle-funding.js';
import type { WalletLedgerDatabase } from '../db/database.js';

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
