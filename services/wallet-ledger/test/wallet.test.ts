import { randomUUID } from 'node:crypto';
import {
  GamificationResponseSchema,
  MESSAGES,
  PerformanceMetricsSchema,
  PurchaseHistoryResponseSchema,
  RefundRequestsResponseSchema,
  SIGNUP_CREDIT_CENTS,
  WeeklyReportsResponseSchema,
} from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import { buildEnvelope, type RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ensureWallet } from '../src/db/ledger.repository.js';
import {
  balanceOf,
  ledgerCheck,
  publish,
  register,
  registeredData,
  screenLead,
  signIn,
  walletStackForFile,
  pricedLeadOffered,
} from './helpers.js';

let stack: TestStack;
let wallet: RunningService;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

walletStackForFile((started) => ({ stack, wallet } = started));

describe('signup credit', () => {
  it('credits $25 exactly once, even for a redelivered or repeated event', async () => {
    const { contractorId } = await signIn(stack);
    await register(stack, wallet, contractorId);
    // The very same envelope again (redelivery) and a second registration event for the same id.
    const env = buildEnvelope('contractors', {
      type: 'ContractorRegistered',
      data: registeredData(contractorId),
    });
    await stack.infra.bus.publish(env);
    await stack.infra.bus.publish(env);
    await waitFor(
      () => wallet.ctx.db.selectFrom('inbox').select('event_id').where('event_id', '=', env.id).executeTakeFirst(),
      'redelivery handled',
    );
    expect(await balanceOf(stack, contractorId)).toBe(SIGNUP_CREDIT_CENTS);
  });
});

describe('lead pricing', () => {
  it('admin sets prices with history; the public map shows them; the lead price is fixed at screening', async () => {
    const category = `Cat${randomUUID().slice(0, 6)}`;
    const put1 = await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category, lead_type: 'emergency', price_cents: 12500, admin_id: 'a1' },
    });
    expect(put1).toEqual({
      category,
      sub_service: '',
      lead_type: 'emergency',
      old_price_cents: null,
      new_price_cents: 12500,
    });
    const put2 = await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category, lead_type: 'emergency', price_cents: 11000, admin_id: 'a1' },
    });
    expect(put2.old_price_cents).toBe(12500);
    const history = await internal('/internal/lead-prices/history', { query: { limit: 2 } });
    expect(history.history[0]).toMatchObject({
      category,
      lead_type: 'emergency',
      old_price_cents: 12500,
      new_price_cents: 11000,
    });
    expect(Date.parse(history.history[0].timestamp)).not.toBeNaN();

    const pub = await stack.call('get-category-pricing');
    expect(pub.status).toBe(200);
    expect(pub.body.pricing_by_type[category]).toEqual({ standard: 20, premium: 20, emergency: 110 });
    expect(pub.body.pricing[category]).toBe(20);
    expect(pub.body.default_price).toBe(20);

    const leadId = await screenLead(stack, wallet, { service_category: category, urgency: 'Emergency' });
    expect(await internal(`/internal/leads/${leadId}/price`)).toMatchObject({
      lead_id: leadId,
      price_cents: 11000,
      lead_type: 'emergency',
    });
    // A later price change does not reprice a lead already fixed.
    await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category, lead_type: 'emergency', price_cents: 15000 },
    });
    expect((await internal(`/internal/leads/${leadId}/price`)).price_cents).toBe(11000);
    // Unknown category: $20 (the default) — as the quote says for any new lead of that kind.
    expect(
      await internal('/internal/lead-prices/quote', { query: { service_category: 'Nothing', urgency: 'Premium' } }),
    ).toMatchObject({ price_cents: 2000, lead_type: 'premium', source: 'default' });
    // A lead never screened has no price, and asking does not fix one.
    const unknown = randomUUID();
    await expect(internal(`/internal/leads/${unknown}/price`)).rejects.toMatchObject({ status: 404 });
    expect(
      await wallet.ctx.db.selectFrom('leads').select('lead_id').where('lead_id', '=', unknown).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('announces the fixed price of a valid lead in LeadPriced, written with the price; a rejected lead gets none', async () => {
    const category = `Priced${randomUUID().slice(0, 6)}`;
    await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category, lead_type: 'premium', price_cents: 7300 },
    });
    const outboxOf = (leadId: string) =>
      wallet.ctx.db
        .selectFrom('outbox')
        .select(['type', 'envelope'])
        .where('type', '=', 'LeadPriced')
        .where(sql<boolean>`envelope->'data'->>'lead_id' = ${leadId}`)
        .execute();
    const valid = await screenLead(stack, wallet, { service_category: category, urgency: 'Premium' });
    const [priced, ...more] = await outboxOf(valid);
    expect(more).toHaveLength(0);
    const data = (typeof priced!.envelope === 'string' ? JSON.parse(priced!.envelope) : priced!.envelope).data;
    expect(data).toMatchObject({
      lead_id: valid,
      price_cents: 7300,
      lead_type: 'premium',
      price_source: { source: 'industry', sub_service: '' },
    });
    expect(await internal(`/internal/leads/${valid}/price`)).toMatchObject({ price_cents: data.price_cents });

    const rejected = await screenLead(stack, wallet, { service_category: category, status: 'rejected' });
    expect(await outboxOf(rejected)).toHaveLength(0);
  });

  it('refuses a bad price with a 400', async () => {
    await expect(
      internal('/internal/lead-prices', {
        method: 'PUT',
        body: { category: 'HVAC', lead_type: 'gold', price_cents: 100 },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      internal('/internal/lead-prices', {
        method: 'PUT',
        body: { category: 'HVAC', lead_type: 'standard', price_cents: -1 },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('purchase-lead', () => {
  it('sells a lead once, idempotently, with the spec answer; others get clean refusals', async () => {
    const a = await signIn(stack);
    const b = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    await register(stack, wallet, b.contractorId);
    const leadId = await screenLead(stack, wallet);

    const first = await stack.call('purchase-lead', {
      body: { lead_id: leadId, contractor_id: a.contractorId, session_token: a.token },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      new_wallet_balance: 5,
      message: MESSAGES.contractorSuccess.leadPurchased,
    });
    const retry = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await balanceOf(stack, a.contractorId)).toBe(500);

    const other = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: b.token } });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/already been purchased/);
    expect(await balanceOf(stack, b.contractorId)).toBe(SIGNUP_CREDIT_CENTS);

    const row = await wallet.ctx.db
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'LeadPurchased')
      .execute();
    const events = row
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
      .filter((e) => e.data.lead_id === leadId);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ contractor_id: a.contractorId, price_cents: 2000, channel: 'dashboard' });
  });

  it('insufficient balance gives the spec message and moves nothing', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    const leadId = await pricedLeadOffered(stack, wallet, 3000, a.contractorId);
    const res = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(MESSAGES.contractor.insufficientBalance);
    expect(res.body.detail).toBe(MESSAGES.contractor.insufficientBalance);
    expect(await balanceOf(stack, a.contractorId)).toBe(SIGNUP_CREDIT_CENTS);
  });

  it('rejected, expired, deleted and unknown leads cannot be bought', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    const rejected = await screenLead(stack, wallet, { status: 'rejected', reasons: ['phone'] });
    const expired = await screenLead(stack, wallet);
    const deleted = await screenLead(stack, wallet);
    await publish(stack, 'LeadExpired', { lead_id: expired, expired_at: new Date().toISOString() });
    await publish(stack, 'LeadDeleted', { lead_id: deleted, deleted_at: new Date().toISOString() });
    await waitFor(async () => {
      const rows = await wallet.ctx.db
        .selectFrom('leads')
        .select('status')
        .where('lead_id', 'in', [expired, deleted])
        .execute();
      return rows.every((r) => r.status !== 'available');
    }, 'lead states');
    for (const [leadId, status] of [
      [rejected, 409],
      [expired, 409],
      [deleted, 409],
      [randomUUID(), 404],
    ] as const) {
      const res = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
      expect(res.status).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    const bad = await stack.call('purchase-lead', { body: { lead_id: 'not-a-uuid', session_token: a.token } });
    expect(bad.status).toBe(400);
    expect(await balanceOf(stack, a.contractorId)).toBe(SIGNUP_CREDIT_CENTS);
  });

  it('needs a session', async () => {
    const res = await stack.call('purchase-lead', { body: { lead_id: randomUUID() } });
    expect(res.status).toBe(401);
  });
});

describe('contractors-purchase-credits validation (spec §5 messages)', () => {
  it.each([
    ['abc', MESSAGES.contractor.invalidAmount],
    [undefined, MESSAGES.contractor.invalidAmount],
    [null, MESSAGES.contractor.invalidAmount],
    [99.99, MESSAGES.contractor.minimumFunding],
    [20, MESSAGES.contractor.minimumFunding],
    [10000.01, MESSAGES.contractor.maximumFunding],
    [50000, MESSAGES.contractor.maximumFunding],
  ])('amount %s -> %s', async (amount, message) => {
    const a = await signIn(stack);
    const res = await stack.call('contractors-purchase-credits', {
      body: { contractor_id: a.contractorId, session_token: a.token, amount },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(message);
  });

  it('a valid amount gives a payment_url (development checkout here)', async () => {
    const a = await signIn(stack);
    const res = await stack.call('contractors-purchase-credits', {
      body: { contractor_id: a.contractorId, session_token: a.token, amount: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body.payment_url).toMatch(/\/dev\/checkout\/cs_dev_/);
  });
});

describe('development checkout (no Stripe keys)', () => {
  it('completes through the signed webhook path once, cancels without credit, and reloads through it too', async () => {
    const a = await signIn(stack);
    const start = await stack.call('contractors-purchase-credits', { body: { session_token: a.token, amount: 100 } });
    const page = await fetch(start.body.payment_url.replace(/^https?:\/\/[^/]+/, stack.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Complete payment');
    expect(html).toContain('Cancel');
    const sessionId = start.body.payment_url.split('/').pop();
    const complete = () =>
      fetch(`${stack.url}/dev/checkout/${sessionId}/complete`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
    const done = await complete();
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`/contractor/${a.contractorId}\\?payment=success$`));
    expect((await complete()).status).toBe(303);
    expect(await balanceOf(stack, a.contractorId)).toBe(10000);

    const other = await stack.call('contractors-purchase-credits', { body: { session_token: a.token, amount: 500 } });
    const cancelled = await fetch(`${stack.url}/dev/checkout/${other.body.payment_url.split('/').pop()}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.headers.get('location')).toMatch(/payment=cancelled$/);
    expect(await balanceOf(stack, a.contractorId)).toBe(10000);

    // A forged webhook (the development secret is private to the process) credits nothing.
    const forged = await stack.call('stripe-webhook', {
      rawBody: '{"type":"checkout.session.completed"}',
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expect(forged.status).toBe(400);

    // Auto-reload in development: the card saved by the dev checkout is "charged" through the same webhook path.
    await stack.call('auto-reload-settings', {
      body: { session_token: a.token, auto_reload_enabled: true, auto_reload_threshold: 20, auto_reload_amount: 100 },
    });
    const leadId = await pricedLeadOffered(stack, wallet, 9000, a.contractorId);
    expect(
      (await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } })).body
        .new_wallet_balance,
    ).toBe(10);
    await waitFor(async () => (await balanceOf(stack, a.contractorId)) === 11000, 'development auto-reload credited');
  });
});

describe('auto-reload settings', () => {
  it('defaults off/20/100, saves valid changes, refuses out-of-range values', async () => {
    const a = await signIn(stack);
    const get = await stack.call('auto-reload-settings', {
      query: { contractor_id: a.contractorId, session_token: a.token },
    });
    expect(get.body).toMatchObject({ auto_reload_enabled: false, auto_reload_threshold: 20, auto_reload_amount: 100 });
    // Without a saved card auto-reload could never charge: turning it on is refused, beside the checkbox.
    const noCard = await stack.call('auto-reload-settings', {
      body: { session_token: a.token, auto_reload_enabled: true },
    });
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({ field: 'auto_reload_enabled', message: expect.stringMatching(/saved card/) });
    expect((await internal(`/internal/wallets/${a.contractorId}`)).auto_reload_enabled).toBe(false);
    // A card saved by an earlier payment (as the checkout webhook stores it).
    await ensureWallet(wallet.ctx.db, a.contractorId);
    await wallet.ctx.db
      .updateTable('wallet_settings')
      .set({ stripe_customer_id: 'cus_test', stripe_payment_method_id: 'pm_test' })
      .where('contractor_id', '=', a.contractorId)
      .execute();
    const set = await stack.call('auto-reload-settings', {
      body: { session_token: a.token, auto_reload_enabled: true, auto_reload_threshold: 50, auto_reload_amount: 250 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ auto_reload_enabled: true, auto_reload_threshold: 50, auto_reload_amount: 250 });
    for (const body of [
      { auto_reload_threshold: 9 },
      { auto_reload_threshold: 501 },
      { auto_reload_amount: 99 },
      { auto_reload_amount: 1001 },
      { auto_reload_amount: 'x' },
      { auto_reload_enabled: 'maybe' },
    ]) {
      const res = await stack.call('auto-reload-settings', { body: { session_token: a.token, ...body } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Auto-reload|auto_reload_enabled/);
    }
    expect((await internal(`/internal/wallets/${a.contractorId}`)).auto_reload_threshold_cents).toBe(5000);
  });
});

describe('refunds, history, reports and admin money', () => {
  it('a refund request is decided by an admin and reverses the purchase', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    const leadId = await screenLead(stack, wallet);
    await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    const noReason = await stack.call('request-refund', {
      body: { lead_id: leadId, reason: '  ', session_token: a.token },
    });
    expect(noReason.status).toBe(400);
    const req = await stack.call('request-refund', {
      body: { lead_id: leadId, reason: 'Wrong number', session_token: a.token },
    });
    expect(req.status).toBe(200);
    expect(req.body).toMatchObject({ success: true, status: 'pending', refund_window_days: 7 });
    const again = await stack.call('request-refund', {
      body: { lead_id: leadId, reason: 'again', session_token: a.token },
    });
    expect(again.status).toBe(409);
    const stranger = await signIn(stack);
    expect(
      (
        await stack.call('request-refund', {
          body: { lead_id: leadId, reason: 'mine?', session_token: stranger.token },
        })
      ).status,
    ).toBe(404);

    const list = await internal('/internal/refunds', { query: { status: 'pending' } });
    const mine = list.refunds.find((r: any) => r.id === req.body.refund_request_id);
    expect(mine).toMatchObject({
      contractor_id: a.contractorId,
      lead_id: leadId,
      amount_cents: 2000,
      reason: 'Wrong number',
      processed_at: null,
    });
    const decided = await internal(`/internal/refunds/${mine.id}/decision`, {
      body: { action: 'approve', admin_notes: 'ok', admin_id: 'adm' },
    });
    expect(decided).toEqual({ success: true, status: 'approved' });
    await expect(
      internal(`/internal/refunds/${mine.id}/decision`, { body: { action: 'reject' } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(stack, a.contractorId)).toBe(SIGNUP_CREDIT_CENTS);
    // The contractor's own list says the decision, in the shape the dashboard's types are derived from.
    const own = await stack.call('get-refund-requests', { query: { session_token: a.token } });
    expect(RefundRequestsResponseSchema.parse(own.body).refund_requests).toEqual([
      expect.objectContaining({ id: mine.id, lead_id: leadId, amount: 20, status: 'approved', admin_notes: 'ok' }),
    ]);

    const history = await stack.call('get-lead-purchase-history', {
      query: { contractor_id: a.contractorId, session_token: a.token, page: 1, limit: 25 },
    });
    PurchaseHistoryResponseSchema.parse(history.body);
    expect(history.body).toMatchObject({
      success: true,
      pagination: { current_page: 1, total_pages: 1, total_records: 1 },
    });
    expect(history.body.purchase_history[0]).toMatchObject({
      lead_id: leadId,
      industry: 'HVAC',
      sub_service: 'Repair',
      lead_zip_code: '12345',
      purchase_price: 20,
      status: 'refunded',
    });
    const weekly = await stack.call('weekly-reports', { query: { session_token: a.token } });
    WeeklyReportsResponseSchema.parse(weekly.body);
    expect(weekly.body.reports).toHaveLength(5);
    // One set of numbers: a refunded purchase counts nowhere; the refund shows in its own column.
    expect(weekly.body.reports[4]).toMatchObject({ spend: 0, leads_purchased: 0, refunds: 20, wallet_balance: 25 });
  });

  it('metrics and gamification follow LeadMatched and LeadCompleted', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    const leadId = await screenLead(stack, wallet);
    await publish(stack, 'LeadMatched', {
      lead_id: leadId,
      service_category: 'HVAC',
      sub_service: 'Repair',
      zip_code: '12345',
      price_cents: 2000,
      offers: [
        {
          contractor_id: a.contractorId,
          rank: 1,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        },
      ],
      matched_at: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    await waitFor(
      () => wallet.ctx.db.selectFrom('lead_offers').select('lead_id').where('lead_id', '=', leadId).executeTakeFirst(),
      'offer recorded',
    );
    await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    await publish(stack, 'LeadCompleted', {
      lead_id: leadId,
      contractor_id: a.contractorId,
      completed_at: new Date().toISOString(),
    });
    await waitFor(
      () =>
        wallet.ctx.db
          .selectFrom('purchases')
          .select('id')
          .where('lead_id', '=', leadId)
          .where('status', '=', 'completed')
          .executeTakeFirst(),
      'completed',
    );
    // Response time is measured: offer 3 minutes ago → the customer called now.
    await publish(stack, 'LeadContacted', {
      lead_id: leadId,
      contractor_id: a.contractorId,
      contacted_at: new Date().toISOString(),
      via: 'call',
    });
    await waitFor(
      () =>
        wallet.ctx.db
          .selectFrom('purchases')
          .select('id')
          .where('lead_id', '=', leadId)
          .where('contacted_at', 'is not', null)
          .executeTakeFirst(),
      'contact recorded',
    );
    const m = await stack.call('contractor-performance-metrics', { query: { session_token: a.token, days: 30 } });
    PerformanceMetricsSchema.parse(m.body);
    expect(m.body.metrics).toMatchObject({
      leads_purchased: 1,
      total_spend: 20,
      total_revenue: 500,
      close_rate: 100,
      roi_ratio: 25,
    });
    expect(m.body.metrics.avg_response_time).toBeGreaterThan(2.9);
    expect(m.body.daily_data).toHaveLength(30);
    const g = await stack.call('gamification-scoring', { query: { session_token: a.token } });
    GamificationResponseSchema.parse(g.body);
    expect(g.body.gamification).toMatchObject({
      top_performer_badge: true,
      current_streak: 1,
      best_streak: 1,
      response_time_score: 100,
      completed_leads: 1,
      total_leads: 1,
      total_roi: 25,
    });
    expect(
      (await stack.call('contractor-performance-metrics', { query: { session_token: a.token, days: 'x' } })).status,
    ).toBe(400);
  });

  it('admin adjustments need notes, never go below zero, show in transactions with total revenue', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    await expect(
      internal('/internal/adjustments', { body: { contractor_id: '', amount_cents: 100, notes: 'x' } }),
    ).rejects.toMatchObject({ status: 400, body: { message: MESSAGES.admin.adjustRequired } });
    await expect(
      internal('/internal/adjustments', { body: { contractor_id: a.contractorId, notes: 'x' } }),
    ).rejects.toMatchObject({ status: 400, body: { message: MESSAGES.admin.adjustRequired } });
    await expect(
      internal('/internal/adjustments', { body: { contractor_id: a.contractorId, amount_cents: 100, notes: ' ' } }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      internal('/internal/adjustments', {
        body: { contractor_id: a.contractorId, amount_cents: -2501, notes: 'too much' },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      await internal('/internal/adjustments', {
        body: { contractor_id: a.contractorId, amount_cents: -2500, notes: 'goodwill reversal', admin_id: 'adm' },
      }),
    ).toEqual({ success: true, new_balance_cents: 0, duplicate: false });
    const tx = await internal('/internal/transactions', { query: { limit: 500 } });
    expect(
      tx.transactions.find((t: any) => t.contractor_id === a.contractorId && t.type === 'admin_adjustment'),
    ).toMatchObject({ amount_cents: -2500, description: 'Admin adjustment: goodwill reversal' });
    expect(typeof tx.total_revenue_cents).toBe('number');
    const stats = await internal('/internal/stats');
    expect(stats.total_revenue_cents).toBe(tx.total_revenue_cents);
    const summary = await internal('/internal/wallets/summary', { body: { contractor_ids: [a.contractorId] } });
    expect(summary.wallets[0]).toEqual({
      contractor_id: a.contractorId,
      balance_cents: 0,
      leads_purchased: 0,
      total_spend_cents: 0,
    });
  });

  it("the ledger check is clean after everything the file did (and checks at least this test's own entries)", async () => {
    // Entries of its own, so the check has something to check when this test runs alone or first.
    for (let i = 0; i < 6; i++) await register(stack, wallet, `ledger-check-${randomUUID()}`);
    const check = await ledgerCheck(stack);
    expect(check).toMatchObject({ ok: true, unbalanced: [], wallet_mismatches: [] });
    expect(check.transactions_checked).toBeGreaterThan(5);
  });
});
