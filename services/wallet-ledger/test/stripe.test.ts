import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletContext } from '../src/context.js';
import { reconcilePendingReloads } from '../src/use-cases/reconcile-reloads.js';
import { startFakeStripe } from './fake-stripe.js';
import { balanceOf, ledgerCheck, signIn, startWalletStack, pricedLeadOffered } from './helpers.js';

const WEBHOOK_SECRET = 'whsec_test_wallet_ledger';
const stripe = new Stripe('sk_test_unused');
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stack: TestStack;
let wallet: RunningService;

beforeAll(async () => {
  fake = await startFakeStripe();
  ({ stack, wallet } = await startWalletStack({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    PUBLIC_BASE_URL: 'http://localhost:8080',
  }));
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

/** POST a webhook through the gateway exactly as Stripe would (raw JSON + signature header). */
async function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return stack.call('stripe-webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
  });
}

const sessionEvent = (session: { id: string; fundingId: string; amount: number; customer: string }) => ({
  id: `evt_${randomUUID()}`,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: session.fundingId,
      amount_total: session.amount,
      currency: 'usd',
      payment_status: 'paid',
      customer: session.customer,
      payment_intent: `pi_checkout_${session.id}`,
      metadata: { funding_id: session.fundingId },
    },
  },
});

/** Fund a contractor through Checkout on the fake; returns the session id and our funding id. */
async function checkout(contractor: { contractorId: string; token: string }, amount: number) {
  const res = await stack.call('contractors-purchase-credits', {
    body: { contractor_id: contractor.contractorId, session_token: contractor.token, amount },
  });
  expect(res.status).toBe(200);
  const sessionId = String(res.body.payment_url).split('/').pop()!;
  const row = await wallet.ctx.db
    .selectFrom('funding_sessions')
    .selectAll()
    .where('stripe_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { sessionId, fundingId: row.id as string, paymentUrl: res.body.payment_url as string };
}

describe('Stripe Checkout funding (real SDK against a fake Stripe on loopback)', () => {
  it('creates a session with the return URLs and a card saved for later', async () => {
    const a = await signIn(stack);
    const { paymentUrl, fundingId } = await checkout(a, 150);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const req = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').pop()!;
    expect(req.body.get('client_reference_id')).toBe(fundingId);
    expect(req.body.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(req.body.get('success_url')).toBe(`http://localhost:8080/contractor/${a.contractorId}?payment=success`);
    expect(req.body.get('cancel_url')).toBe(`http://localhost:8080/contractor/${a.contractorId}?payment=cancelled`);
    expect(req.body.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(req.idempotencyKey).toBe(`checkout-${fundingId}`);
  });

  it('a webhook delivered three times credits once', async () => {
    const a = await signIn(stack);
    const { sessionId, fundingId } = await checkout(a, 200);
    const event = sessionEvent({ id: sessionId, fundingId, amount: 20000, customer: 'cus_good' });
    const answers = await Promise.all([deliver(event), deliver(event)]);
    answers.push(await deliver(event));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.filter((r) => r.body.credited)).toHaveLength(1);
    expect(await balanceOf(stack, a.contractorId)).toBe(20000);
    const funded = await wallet.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', `funding:${fundingId}`)
      .execute();
    expect(funded).toHaveLength(1);
  });

  it('a bad signature gets 400 and credits nothing', async () => {
    const a = await signIn(stack);
    const { sessionId, fundingId } = await checkout(a, 100);
    const event = sessionEvent({ id: sessionId, fundingId, amount: 10000, customer: 'cus_good' });
    expect((await deliver(event, 'whsec_wrong')).status).toBe(400);
    const unsigned = await stack.call('stripe-webhook', {
      rawBody: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    // Signed, then tampered with: the amount changed after signing.
    const payload = JSON.stringify(event);
    const sig = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await stack.call('stripe-webhook', {
      rawBody: payload.replace('10000', '99999'),
      headers: { 'stripe-signature': sig, 'content-type': 'application/json' },
    });
    expect(tampered.status).toBe(400);
    expect(await balanceOf(stack, a.contractorId)).toBe(0);
  });

  it('a Stripe failure gives the spec text and credits nothing', async () => {
    const a = await signIn(stack);
    const res = await stack.call('contractors-purchase-credits', { body: { session_token: a.token, amount: 9999 } });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(MESSAGES.contractor.paymentFailed);
    const row = await wallet.ctx.db
      .selectFrom('funding_sessions')
      .select('status')
      .where('contractor_id', '=', a.contractorId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('the development checkout page is off when Stripe keys are set', async () => {
    const res = await fetch(`${stack.url}/dev/checkout/cs_test_1`);
    expect(res.status).toBe(404);
  });
});

describe('auto-reload (off-session PaymentIntent on the fake)', () => {
  async function fundedWithCard(customer: string, amount: number) {
    const a = await signIn(stack);
    const { sessionId, fundingId } = await checkout(a, amount);
    expect(
      (await deliver(sessionEvent({ id: sessionId, fundingId, amount: amount * 100, customer }))).body.credited,
    ).toBe(true);
    await stack.call('auto-reload-settings', {
      body: { session_token: a.token, auto_reload_enabled: true, auto_reload_threshold: 20, auto_reload_amount: 100 },
    });
    return a;
  }
  /** The auto-reload charge wallet-ledger started for a contractor, once it holds its payment intent. */
  const pendingReload = (contractorId: string) =>
    waitFor(
      () =>
        wallet.ctx.db
          .selectFrom('funding_sessions')
          .selectAll()
          .where('contractor_id', '=', contractorId)
          .where('kind', '=', 'auto_reload')
          .where('stripe_payment_intent_id', 'is not', null)
          .executeTakeFirst(),
      'pending reload row',
    );
  const charges = (contractorId: string) =>
    fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.body.get('metadata[contractor_id]') === contractorId,
    );

  it('one charge when a purchase leaves the balance under the threshold, never two at once, credited by the webhook', async () => {
    const a = await fundedWithCard('cus_good', 100);
    const lead1 = await pricedLeadOffered(stack, wallet, 9000, a.contractorId);
    const lead2 = await pricedLeadOffered(stack, wallet, 500, a.contractorId);
    expect((await stack.call('purchase-lead', { body: { lead_id: lead1, session_token: a.token } })).status).toBe(200);
    await waitFor(() => charges(a.contractorId).length === 1, 'one off-session charge');
    const charge = charges(a.contractorId)[0]!;
    expect(charge.body.get('off_session')).toBe('true');
    expect(charge.body.get('confirm')).toBe('true');
    expect(charge.body.get('customer')).toBe('cus_good');
    expect(charge.body.get('payment_method')).toBe('pm_card_visa');
    expect(charge.body.get('amount')).toBe('10000');
    // A second purchase while the first charge is pending starts nothing.
    expect((await stack.call('purchase-lead', { body: { lead_id: lead2, session_token: a.token } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(charges(a.contractorId)).toHaveLength(1);
    const pending = await pendingReload(a.contractorId);
    expect(pending.status).toBe('pending');
    const succeeded = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      livemode: false,
      data: {
        object: {
          id: pending.stripe_payment_intent_id,
          object: 'payment_intent',
          amount: 10000,
          amount_received: 10000,
          currency: 'usd',
          status: 'succeeded',
          metadata: { funding_id: pending.id, contractor_id: a.contractorId },
        },
      },
    };
    for (let i = 0; i < 3; i++) expect((await deliver(succeeded)).status).toBe(200);
    expect(await balanceOf(stack, a.contractorId)).toBe(10000 - 9000 - 500 + 10000);
  });

  it('a reload whose webhook never came is settled by asking Stripe (same idempotency key, no second charge)', async () => {
    const a = await fundedWithCard('cus_good', 100);
    const lead = await pricedLeadOffered(stack, wallet, 9000, a.contractorId);
    expect((await stack.call('purchase-lead', { body: { lead_id: lead, session_token: a.token } })).status).toBe(200);
    await waitFor(() => charges(a.contractorId).length === 1, 'one off-session charge');
    const row = await pendingReload(a.contractorId);
    // Pretend the answer to the charge was lost: only the idempotency key can find it again.
    await wallet.ctx.db
      .updateTable('funding_sessions')
      .set({ stripe_payment_intent_id: null })
      .where('id', '=', row.id)
      .execute();
    const { payments } = wallet.ctx as WalletContext;
    expect(await reconcilePendingReloads(wallet.ctx, payments, 0)).toBe(1);
    expect(await reconcilePendingReloads(wallet.ctx, payments, 0)).toBe(0);
    expect(charges(a.contractorId).map((c) => c.idempotencyKey)).toEqual([`reload-${row.id}`, `reload-${row.id}`]);
    expect(await balanceOf(stack, a.contractorId)).toBe(1000 + 10000);
  });

  it('a declined charge turns auto-reload off and says why', async () => {
    const a = await fundedWithCard('cus_decline', 100);
    const lead = await pricedLeadOffered(stack, wallet, 9000, a.contractorId);
    expect((await stack.call('purchase-lead', { body: { lead_id: lead, session_token: a.token } })).status).toBe(200);
    const settings = await waitFor(async () => {
      const s = await stack.call('auto-reload-settings', { query: { session_token: a.token } });
      return s.body.auto_reload_enabled === false ? s.body : undefined;
    }, 'auto-reload turned off');
    expect(settings.disabled_reason).toMatch(/insufficient funds/);
    expect(await balanceOf(stack, a.contractorId)).toBe(1000);
    const check = await ledgerCheck(stack);
    expect(check.ok).toBe(true);
  });
});

describe('signed but malformed webhook events: 400, nothing credited', () => {
  /** Deliver with a signature made at `t` (seconds), as Stripe's header would carry it. */
  async function deliverAt(event: object, t: number) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: t });
    return stack.call('stripe-webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    });
  }

  it.each([
    ['no data.object', (e: any) => ({ ...e, data: {} })],
    ['data.object null', (e: any) => ({ ...e, data: { object: null } })],
    ['currency jpy', (e: any) => ({ ...e, data: { object: { ...e.data.object, currency: 'jpy' } } })],
    ['amount_total null', (e: any) => ({ ...e, data: { object: { ...e.data.object, amount_total: null } } })],
    ['amount_total missing', (e: any) => ({ ...e, data: { object: { ...e.data.object, amount_total: undefined } } })],
    ['amount_total differs', (e: any) => ({ ...e, data: { object: { ...e.data.object, amount_total: 10001 } } })],
    ['amount_total a string', (e: any) => ({ ...e, data: { object: { ...e.data.object, amount_total: '10000' } } })],
  ])('%s', async (_what, mutate) => {
    const a = await signIn(stack);
    const { sessionId, fundingId } = await checkout(a, 100);
    const event = mutate(sessionEvent({ id: sessionId, fundingId, amount: 10000, customer: 'cus_good' }));
    const res = await deliver(event);
    expect(res.status).toBe(400);
    expect(await balanceOf(stack, a.contractorId)).toBe(0);
  });

  it('a signature timestamp 400 s in the future or the past is refused; a current one credits', async () => {
    const a = await signIn(stack);
    const { sessionId, fundingId } = await checkout(a, 100);
    const event = sessionEvent({ id: sessionId, fundingId, amount: 10000, customer: 'cus_good' });
    const now = Math.floor(Date.now() / 1000);
    expect((await deliverAt(event, now + 400)).status).toBe(400);
    expect((await deliverAt(event, now - 400)).status).toBe(400);
    expect(await balanceOf(stack, a.contractorId)).toBe(0);
    const ok = await deliverAt(event, now);
    expect(ok.status).toBe(200);
    expect(ok.body.credited).toBe(true);
    expect(await balanceOf(stack, a.contractorId)).toBe(10000);
  });
});
