import { badRequest } from '@leadmarket/platform';
import type Stripe from 'stripe';
import { z } from 'zod';

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's own default is 300 s, past only). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const metadata = z.record(z.string(), z.string()).nullish();
const currency = z.string().refine((c) => c.toLowerCase() === 'usd', { message: 'currency must be USD' });
const cents = z.number().int().nonnegative();

const CheckoutSessionSchema = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata,
  payment_status: z.string(),
  amount_total: cents,
  currency,
});

const ClosedSessionSchema = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata,
});

const PaymentIntentSchema = z.object({
  id: z.string().min(1),
  amount: cents,
  amount_received: cents.nullish(),
  currency,
  metadata,
});

const FailedIntentSchema = z.object({
  id: z.string().min(1),
  metadata,
  last_payment_error: z.object({ message: z.string().nullish() }).passthrough().nullish(),
});

/** The object schema of each event type we act on; other types are acknowledged and ignored. */
const OBJECT_OF: Record<string, z.ZodType> = {
  'checkout.session.completed': CheckoutSessionSchema,
  'checkout.session.async_payment_succeeded': CheckoutSessionSchema,
  'checkout.session.expired': ClosedSessionSchema,
  'payment_intent.succeeded': PaymentIntentSchema,
  'payment_intent.payment_failed': FailedIntentSchema,
};

/** The `t=` of a Stripe-Signature header (seconds). */
function signedAt(signature: string | undefined): number | undefined {
  const t = signature
    ?.split(',')
    .map((part) => part.trim().split('='))
    .find(([k]) => k === 't')?.[1];
  const n = Number(t);
  return t && Number.isInteger(n) ? n : undefined;
}

/**
 * A verified event we can act on, or a 400 (nothing is credited): the signed timestamp within
 * tolerance both ways (a future one too: it would outlive any replay window), and every field we
 * read present with its type — money in USD with an integer amount.
 */
export function checkWebhookEvent(
  event: Stripe.Event,
  signature: string | undefined,
  nowMs = Date.now(),
): Stripe.Event {
  const t = signedAt(signature);
  if (t === undefined || Math.abs(nowMs / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS)
    throw badRequest('Webhook timestamp is outside the allowed window');
  const shape = z.object({ type: z.string(), data: z.object({ object: z.unknown() }) }).safeParse(event);
  if (!shape.success) throw badRequest('Webhook event is malformed: no data.object');
  const schema = OBJECT_OF[event.type];
  if (!schema) return event;
  const object = schema.safeParse(event.data.object);
  if (!object.success) {
    const issue = object.error.issues[0];
    throw badRequest(
      `Webhook event is malformed: ${issue?.path.join('.') || 'object'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return event;
}
