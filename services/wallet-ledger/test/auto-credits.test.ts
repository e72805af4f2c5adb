import { randomBytes, randomInt } from 'node:crypto';
import {
  signUpContractor,
  startTestStack,
  uniqueZip,
  type TestStack,
  buyFromDashboard,
} from '@leadmarket/gateway/testing';
import { buildEnvelope } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';
import { leadBody } from '../../lead-intake/test/helpers.js';
import { startFakeTwilio } from '../../notification/test/fake-twilio.js';

// Automatic credits (docs/adr/0012), against every service on the real servers. SMS go
// through the real twilio SDK to a fake Twilio on loopback, which refuses some numbers outright
// (HTTP 400, code 21614) and reports others undeliverable later by a signed status callback
// (ErrorCode 30006), as Twilio does.
const PUBLIC_BASE_URL = 'https://leads.example.test';
const AUTH_TOKEN = randomBytes(16).toString('hex');
const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;

const refusedNumbers = new Set<string>();
const undeliverableNumbers = new Set<string>();

let stack: TestStack;
let twilioFake: Awaited<ReturnType<typeof startFakeTwilio>>;
let adminToken: string;

const ledgerDb = (): Kysely<any> => stack.marketplace.services.get('wallet-ledger')!.ctx.db;
const notificationDb = (): Kysely<any> => stack.marketplace.services.get('notification')!.ctx.db;
const balanceOf = async (contractorId: string) =>
  (
    await stack.marketplace.clients.call<{ balance_cents: number }>(
      'wallet-ledger',
      `/internal/wallets/${contractorId}`,
    )
  ).balance_cents;

beforeAll(async () => {
  twilioFake = await startFakeTwilio({
    refuse: (to) =>
      refusedNumbers.has(to) ? { code: 21614, message: `'To' number ${to} is not a valid mobile number` } : undefined,
    statusReports: {
      authToken: AUTH_TOKEN,
      reachVia: () => stack.url,
      outcome: (to) =>
        undeliverableNumbers.has(to)
          ? { status: 'undelivered', errorCode: '30006', errorMessage: 'Landline or unreachable carrier' }
          : undefined,
    },
  });
  stack = await startTestStack({
    env: {
      PUBLIC_BASE_URL,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: twilioFake.url,
      LEAD_SUBMIT_RATE_LIMIT: '1000',
      SCREENING_IP_LIMIT: '1000',
    },
  });
  const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
  adminToken = login.body.session_token;
});
afterAll(async () => {
  await stack?.stop();
  await twilioFake?.close();
});

/** A US number in the fictional 555-01xx range, unique enough per test run. */
// One of 60,000 numbers: screening refuses the same phone in the same trade within 30 days, and a
// pool of 100 collided often enough (birthday odds) to turn a purchase into a rejected lead.
const customerPhone = () =>
  `+1${['201', '212', '312', '415', '617', '713'][randomInt(6)]}555${String(randomInt(10_000)).padStart(4, '0')}`;

/** A contractor with the $25 signup credit, in a ZIP of its own. */
async function fundedContractor(overrides: Record<string, unknown> = {}) {
  const zip = uniqueZip('7');
  const c = await signUpContractor(stack, { zip_codes: zip, ...overrides });
  await waitFor(async () => (await balanceOf(c.id)) >= 2500, 'signup credit', 15_000);
  return { ...c, zip };
}

/** Submit a lead and buy it from the contractor's dashboard; resolves with the lead and purchase. */
async function buyLead(buyer: { id: string; token: string; zip: string }, lead: Record<string, unknown>) {
  const submitted = await stack.call('leads-submit', { body: leadBody({ zip_code: buyer.zip, ...lead }) });
  expect(submitted.body.status, JSON.stringify(submitted.body)).toBe('valid');
  const leadId = submitted.body.lead_id as string;
  const purchased = await buyFromDashboard(stack, buyer, leadId);
  expect(purchased.status, JSON.stringify(purchased.body)).toBe(200);
  return { leadId, purchaseId: purchased.body.purchase_id as string };
}

const creditOf = (purchaseId: string) =>
  ledgerDb().selectFrom('auto_credits').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();

const waitForCredit = (purchaseId: string) => waitFor(async () => creditOf(purchaseId), 'the automatic credit', 30_000);

async function expectLedgerBalanced() {
  const check = await stack.call('admin-ledger-check', { token: adminToken });
  expect(check.status).toBe(200);
  expect(check.body).toMatchObject({ ok: true, unbalanced: [], wallet_mismatches: [], negative_wallets: [] });
}

describe('automatic credit: the customer number is unreachable', () => {
  it('refunds in full within 5 s of a status callback reporting the number undeliverable (30006)', async () => {
    const buyer = await fundedContractor({ sms_opt_in: true });
    const phone = customerPhone();
    undeliverableNumbers.add(phone);
    const before = await balanceOf(buyer.id);
    const { leadId, purchaseId } = await buyLead(buyer, { phone, sub_service: 'hvac' });
    const credit = await waitForCredit(purchaseId);

    // The failure as notification stored it and the credit as the ledger stored it: < 5 s apart.
    const failed = await notificationDb()
      .selectFrom('deliveries')
      .select(['status', 'provider_status', 'provider_status_at', 'provider_message_id'])
      .where('lead_id', '=', leadId)
      .where('kind', '=', 'customer_update')
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'undelivered', provider_status: 'undelivered' });
    const failedAt = new Date(failed.provider_status_at).getTime();
    const creditedAt = new Date(credit.credited_at).getTime();
    expect(creditedAt - failedAt).toBeGreaterThanOrEqual(-1000);
    expect(creditedAt - failedAt).toBeLessThan(5000);

    const price = before - (await balanceOf(buyer.id)) + Number(credit.amount_cents);
    expect(Number(credit.amount_cents)).toBe(price);
    expect(credit).toMatchObject({ rule: 'customer_unreachable', status: 'credited', lead_id: leadId });
    expect(await balanceOf(buyer.id)).toBe(before);
    const evidence = typeof credit.evidence === 'string' ? JSON.parse(credit.evidence) : credit.evidence;
    expect(evidence).toMatchObject({
      error_code: '30006',
      reported_via: 'status_callback',
      provider: 'twilio',
      provider_message_id: failed.provider_message_id,
    });

    // The contractor sees it, with the reason in words and the evidence, and on the statement.
    const mine = await stack.call('get-auto-credits', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.credits).toHaveLength(1);
    expect(mine.body.credits[0]).toMatchObject({ lead_id: leadId, reason: expect.stringMatching(/cannot receive/) });
    expect(JSON.stringify(mine.body.credits[0].evidence)).toContain('30006');
    const statement = await stack.call('get-wallet-statement', { token: buyer.token });
    expect(statement.body.entries[0]).toMatchObject({ kind: 'auto_credit', lead_id: leadId, amount_cents: price });
    expect(statement.body.entries[0].label).toMatch(/^Automatic credit: .* — The customer's phone number/);

    // The lead leaves Purchased for Refunded on the dashboard.
    await waitFor(
      async () => {
        const refunded = await stack.call('get-purchased-leads', { token: buyer.token, query: { list: 'refunded' } });
        return JSON.stringify(refunded.body).includes(leadId);
      },
      'the lead under Refunded',
      15_000,
    );

    // …and is told: email, and SMS since they agreed to texts.
    await waitFor(
      async () =>
        twilioFake.messages.find(
          (m) => m.to.endsWith(buyer.body.phone.replace(/\D/g, '').slice(-4)) && /back in your wallet/.test(m.body),
        ),
      'the contractor SMS',
      15_000,
    );
    const email = await notificationDb()
      .selectFrom('deliveries')
      .select(['subject', 'recipient'])
      .where('kind', '=', 'auto_credit')
      .where('channel', '=', 'email')
      .where('contractor_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(email.recipient).toBe(buyer.body.email);
    expect(email.subject).toContain('Automatic credit');
    await expectLedgerBalanced();
  });

  it('refunds when Twilio refuses the number outright (21614), and only once however often the failure is reported', async () => {
    const buyer = await fundedContractor({ sms_opt_in: false });
    const phone = customerPhone();
    refusedNumbers.add(phone);
    const { leadId, purchaseId } = await buyLead(buyer, { phone, sub_service: 'hvac' });
    const credit = await waitForCredit(purchaseId);
    const evidence = typeof credit.evidence === 'string' ? JSON.parse(credit.evidence) : credit.evidence;
    expect(evidence).toMatchObject({ error_code: '21614', reported_via: 'send_error', provider_message_id: null });
    expect(new Date(credit.credited_at).getTime() - new Date(evidence.failed_at).getTime()).toBeLessThan(5000);
    // No SMS to a contractor without consent; the email still goes.
    await waitFor(
      async () =>
        notificationDb()
          .selectFrom('deliveries')
          .select('id')
          .where('kind', '=', 'auto_credit')
          .where('contractor_id', '=', buyer.id)
          .execute()
          .then((rows) => (rows.length > 0 ? rows : undefined)),
      'the contractor notice',
      15_000,
    );
    const notices = await notificationDb()
      .selectFrom('deliveries')
      .select('channel')
      .where('kind', '=', 'auto_credit')
      .where('contractor_id', '=', buyer.id)
      .execute();
    expect(notices.map((n) => n.channel)).toEqual(['email']);

    // Redelivery: the same event again (the inbox drops it) and the same failure as a new event.
    const data = {
      lead_id: leadId,
      delivery_id: String(evidence.delivery_id ?? credit.id),
      provider: 'twilio',
      provider_message_id: null,
      error_code: '21614',
      error_message: 'again',
      reported_via: 'send_error' as const,
      failed_at: new Date().toISOString(),
    };
    const first = buildEnvelope('notification', { type: 'CustomerUnreachable', data });
    const second = buildEnvelope('notification', { type: 'CustomerUnreachable', data });
    await stack.infra.bus.publish(first);
    await stack.infra.bus.publish(first);
    await stack.infra.bus.publish(second);
    await waitFor(
      async () =>
        (
          await ledgerDb()
            .selectFrom('inbox')
            .select('event_id')
            .where('event_id', 'in', [first.id, second.id])
            .execute()
        ).length === 2,
      'both redeliveries consumed',
      15_000,
    );
    const credits = await ledgerDb().selectFrom('auto_credits').select('id').where('lead_id', '=', leadId).execute();
    expect(credits).toHaveLength(1);
    const postings = await ledgerDb()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', 'like', `auto_credit:%`)
      .where('contractor_id', '=', buyer.id)
      .execute();
    expect(postings).toHaveLength(1);
    await expectLedgerBalanced();
  });
});

describe('automatic credit: the failure is known before the purchase', () => {
  it('credits the purchase in the sale itself (ADR 0043)', async () => {
    const buyer = await fundedContractor({ sms_opt_in: false });
    const submitted = await stack.call('leads-submit', {
      body: leadBody({ zip_code: buyer.zip, phone: customerPhone(), sub_service: 'hvac' }),
    });
    expect(submitted.body.status).toBe('valid');
    const leadId = submitted.body.lead_id as string;
    // A text to this customer already failed for good (e.g. a confirmation before any sale).
    const failedAt = new Date(Date.now() - 60_000).toISOString();
    const known = buildEnvelope('notification', {
      type: 'CustomerUnreachable',
      data: {
        lead_id: leadId,
        delivery_id: '6f1c1f3e-0000-4000-8000-0000000000aa',
        provider: 'twilio',
        provider_message_id: 'SMknownbefore',
        error_code: '30005',
        error_message: 'Unknown destination handset (the number does not exist)',
        reported_via: 'status_callback',
        failed_at: failedAt,
      },
    });
    await stack.infra.bus.publish(known);
    await waitFor(
      async () => ledgerDb().selectFrom('inbox').select('event_id').where('event_id', '=', known.id).executeTakeFirst(),
      'the early failure recorded',
      15_000,
    );
    expect(await ledgerDb().selectFrom('auto_credits').select('id').where('lead_id', '=', leadId).execute()).toEqual(
      [],
    );

    const purchased = await buyFromDashboard(stack, buyer, leadId);
    expect(purchased.status).toBe(200);
    // Granted in the sale's transaction: there when the buyer's answer is, with no event awaited.
    const credit = (await creditOf(purchased.body.purchase_id))!;
    expect(credit).toBeDefined();
    expect(purchased.body.new_wallet_balance).toBe((await balanceOf(buyer.id)) / 100);
    const evidence = typeof credit.evidence === 'string' ? JSON.parse(credit.evidence) : credit.evidence;
    expect(credit.rule).toBe('customer_unreachable');
    expect(evidence).toMatchObject({ error_code: '30005', provider_message_id: 'SMknownbefore', failed_at: failedAt });
    await expectLedgerBalanced();
  });
});

/**
 * An HVAC buyer that bought a lead from one customer, then changed trade to plumbing and was given
 * enough for a second lead (the signup credit pays for one): the same customer can now ask again.
 */
async function boughtThenChangedTrade() {
  const buyer = await fundedContractor({ sms_opt_in: false, industry: 'home_services', sub_service: 'hvac' });
  const phone = customerPhone();
  const first = await buyLead(buyer, { phone, sub_service: 'hvac' });
  // The contractor changes trade; the same customer asks again for another service.
  const profile = await stack.call('update-contractor-profile', {
    token: buyer.token,
    body: { ...buyer.body, zip_codes: [buyer.zip], sub_service: 'plumbing' },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  // Enough for a second lead (the signup credit pays for one).
  const topUp = await stack.call('admin-wallet-adjust', {
    token: adminToken,
    body: { contractor_id: buyer.id, amount: 50, notes: 'test funds for a second lead' },
  });
  expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
  return { buyer, phone, first };
}

describe('automatic credit: a repeat lead within 30 days', () => {
  it('refunds the second purchase of the same customer phone by the same contractor, in another category', async () => {
    const { buyer, phone, first } = await boughtThenChangedTrade();
    const balanceAfterFirst = await balanceOf(buyer.id);
    const second = await buyLead(buyer, {
      phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      sub_service: 'plumbing',
    });
    // Judged in the sale's transaction from the fingerprint LeadScreened carried: no event awaited.
    const credit = (await creditOf(second.purchaseId))!;
    expect(credit).toMatchObject({ rule: 'repeat_lead', lead_id: second.leadId, status: 'credited' });
    const evidence = typeof credit.evidence === 'string' ? JSON.parse(credit.evidence) : credit.evidence;
    expect(evidence).toMatchObject({ earlier_lead_id: first.leadId, earlier_purchase_id: first.purchaseId });
    // The first purchase stays paid; the second costs nothing.
    expect(await creditOf(first.purchaseId)).toBeUndefined();
    expect(await balanceOf(buyer.id)).toBe(balanceAfterFirst);
    // The ledger never holds the phone: only a keyed fingerprint, and not the digits.
    const prints = await ledgerDb()
      .selectFrom('purchase_fingerprints')
      .select('fingerprint')
      .where('contractor_id', '=', buyer.id)
      .execute();
    expect(prints).toHaveLength(2);
    expect(prints[0]!.fingerprint).toBe(prints[1]!.fingerprint);
    expect(prints[0]!.fingerprint).not.toContain(phone.slice(2));

    // Buying it again is refused (it is refunded already) and grants nothing more.
    const again = await stack.call('purchase-lead', { body: { lead_id: second.leadId }, token: buyer.token });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(
      await ledgerDb().selectFrom('auto_credits').select('id').where('contractor_id', '=', buyer.id).execute(),
    ).toHaveLength(1);
    await expectLedgerBalanced();
  });

  it('takes the repeat credit back when the purchase it rested on is refunded, shown before approval', async () => {
    const { buyer, phone, first } = await boughtThenChangedTrade();
    const second = await buyLead(buyer, { phone, sub_service: 'plumbing' });
    const credit = await waitForCredit(second.purchaseId);
    expect(credit).toMatchObject({ rule: 'repeat_lead', status: 'credited' });
    const beforeRefund = await balanceOf(buyer.id);
    // The customer had confirmed the phone, and the buyer then never reached them.
    const confirmedAt = new Date().toISOString();
    await stack.infra.bus.publish(
      buildEnvelope('screening', {
        type: 'LeadContactConfirmed',
        data: { lead_id: first.leadId, channel: 'phone', method: 'code', confirmed_at: confirmedAt },
      }),
    );
    const recorded = await stack.call('update-lead-outcome', {
      token: buyer.token,
      body: { lead_id: first.leadId, outcome: 'never_reached' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    await waitFor(
      () =>
        ledgerDb()
          .selectFrom('purchases')
          .innerJoin('contact_confirmations', 'contact_confirmations.lead_id', 'purchases.lead_id')
          .select('purchases.id')
          .where('purchases.id', '=', first.purchaseId)
          .where('purchases.outcome', '=', 'never_reached')
          .executeTakeFirst(),
      'the outcome and the confirmation reached the ledger',
    );

    const asked = await stack.call('request-refund', {
      token: buyer.token,
      body: { lead_id: first.leadId, reason: 'The customer had already hired someone' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // The admin's queue shows the dependency before the decision.
    const queue = await stack.call('admin-refund-management', { token: adminToken, query: { status: 'pending' } });
    const request = (queue.body as any[]).find((r) => r.id === asked.body.refund_request_id);
    expect(request.dependent_credits).toEqual([{ lead_id: second.leadId, amount: Number(credit.amount_cents) / 100 }]);
    // And what the operator weighs it by: the confirmed phone the buyer never reached.
    expect(request.evidence).toEqual({ phone_confirmed_at: confirmedAt, outcome: 'never_reached' });

    const decided = await stack.call('admin-refund-management', {
      token: adminToken,
      body: { refund_request_id: asked.body.refund_request_id, action: 'approve', admin_notes: 'ok' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // In the refund's own transaction: the first lead paid back, the second one's credit taken back.
    const after = await creditOf(second.purchaseId);
    expect(after).toMatchObject({ status: 'reversed' });
    expect(after!.reversal_notes).toContain(`the lead it repeated (${first.leadId.slice(0, 8)}) was refunded`);
    const purchases = await ledgerDb()
      .selectFrom('purchases')
      .select(['id', 'status', 'price_cents'])
      .where('id', 'in', [first.purchaseId, second.purchaseId])
      .execute();
    const statusOf = (id: string) => purchases.find((p) => p.id === id)!;
    expect(statusOf(first.purchaseId).status).toBe('refunded');
    expect(statusOf(second.purchaseId).status).toBe('purchased');
    expect(await balanceOf(buyer.id)).toBe(
      beforeRefund + Number(statusOf(first.purchaseId).price_cents) - Number(credit.amount_cents),
    );
    // The queue no longer lists a dependency for the decided request.
    const decidedQueue = await stack.call('admin-refund-management', { token: adminToken });
    const decidedRow = (decidedQueue.body as any[]).find((r) => r.id === asked.body.refund_request_id);
    expect(decidedRow.dependent_credits).toEqual([]);
    expect(decidedRow.evidence).toBeUndefined();
    await expectLedgerBalanced();
  });
});

describe('admin-reverse-auto-credit', () => {
  it('takes the credit back with an audit entry holding before and after, and the contractor sees it reversed', async () => {
    const buyer = await fundedContractor({ sms_opt_in: false });
    const phone = customerPhone();
    refusedNumbers.add(phone);
    const { leadId, purchaseId } = await buyLead(buyer, { phone, sub_service: 'hvac' });
    const credit = await waitForCredit(purchaseId);
    const credited = await balanceOf(buyer.id);

    const missing = await stack.call('admin-reverse-auto-credit', {
      token: adminToken,
      body: { credit_id: credit.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Say why the credit is reversed');
    const unauthenticated = await stack.call('admin-reverse-auto-credit', {
      body: { credit_id: credit.id, notes: 'x' },
    });
    expect(unauthenticated.status).toBe(401);

    const res = await stack.call('admin-reverse-auto-credit', {
      token: adminToken,
      body: { credit_id: credit.id, notes: 'The customer picked up on a second number' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const amount = Number(credit.amount_cents);
    expect(await balanceOf(buyer.id)).toBe(credited - amount);
    expect(res.body.new_balance).toBe((credited - amount) / 100);

    const twice = await stack.call('admin-reverse-auto-credit', {
      token: adminToken,
      body: { credit_id: credit.id, notes: 'again' },
    });
    expect(twice.status).toBe(409);
    expect(await balanceOf(buyer.id)).toBe(credited - amount);

    const audit = await stack.call('admin-audit-log', { token: adminToken });
    const entry = (audit.body.entries as any[]).find(
      (e) => e.action === 'auto_credit.reverse' && e.target_id === credit.id,
    );
    expect(entry).toBeDefined();
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(entry.before)).toMatchObject({ status: 'credited', balance_cents: credited, amount_cents: amount });
    expect(parse(entry.after)).toMatchObject({
      status: 'reversed',
      balance_cents: credited - amount,
      notes: 'The customer picked up on a second number',
    });

    const mine = await stack.call('get-auto-credits', { token: buyer.token });
    expect(mine.body.credits[0]).toMatchObject({
      lead_id: leadId,
      status: 'reversed',
      reversal_notes: 'The customer picked up on a second number',
    });
    // The lead is paid for again: it leaves the buyer's Refunded list.
    await waitFor(
      async () => {
        const refunded = await stack.call('get-purchased-leads', { token: buyer.token, query: { list: 'refunded' } });
        return refunded.status === 200 && !JSON.stringify(refunded.body).includes(leadId);
      },
      'the lead back out of Refunded',
      15_000,
    );
    const page = await stack.call('admin-contractor', { token: adminToken, query: { contractor_id: buyer.id } });
    expect(page.body.auto_credits).toMatchObject({ available: true, credits: [{ id: credit.id, status: 'reversed' }] });
    const statement = await stack.call('get-wallet-statement', { token: buyer.token });
    expect(statement.body.entries.slice(0, 2).map((e: { kind: string }) => e.kind)).toEqual([
      'auto_credit_reversal',
      'auto_credit',
    ]);
    await expectLedgerBalanced();
  });
});
