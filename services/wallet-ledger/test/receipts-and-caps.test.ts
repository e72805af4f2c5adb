import { randomUUID } from 'node:crypto';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { buildEnvelope } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import type { WalletContext } from '../src/context.js';
import { RECEIPT_FACT_NAMES, receiptCode } from '../src/domain/receipt.js';
import { maybeAutoReload } from '../src/use-cases/auto-reload.js';
import { balanceOf, ledgerCheck, offerTo, register, screenLead, signIn, walletStackForFile } from './helpers.js';

// Against the real servers: receipts (proof of exclusivity) and hard spend caps.
let stack: TestStack;
let wallet: RunningService;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

// Many checks from one address below; the limit itself is receipt-verify-limit.test.ts's.
walletStackForFile((started) => ({ stack, wallet } = started), { RECEIPT_VERIFY_RATE_LIMIT: '100000' });

/** A registered contractor with `dollars` more in its wallet (an admin adjustment). */
async function fundedContractor(dollars: number) {
  const who = await signIn(stack);
  await register(stack, wallet, who.contractorId);
  if (dollars > 0)
    await internal('/internal/adjustments', {
      body: { contractor_id: who.contractorId, amount_cents: dollars * 100, notes: 'test funds' },
    });
  return who;
}

/** A lead priced at `cents` through its own price row, offered to `contractorId`. */
async function offeredLead(contractorId: string, cents = 2000) {
  const category = `Cap${randomUUID().slice(0, 8)}`;
  await internal('/internal/lead-prices', {
    method: 'PUT',
    body: { category, lead_type: 'standard', price_cents: cents },
  });
  const leadId = await screenLead(stack, wallet, { service_category: category });
  await offerTo(wallet, leadId, contractorId);
  return leadId;
}

describe('receipts', () => {
  it('the buyer gets a receipt that verifies, with the facts or with only the lead id and code', async () => {
    const a = await fundedContractor(0);
    const leadId = await offeredLead(a.contractorId, 1900);
    const bought = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    expect(bought.status).toBe(200);

    const res = await stack.call('get-lead-receipt', { query: { lead_id: leadId, session_token: a.token } });
    expect(res.status).toBe(200);
    const { receipt, code } = res.body;
    expect(receipt).toMatchObject({
      lead_id: leadId,
      contractor_id: a.contractorId,
      purchase_id: bought.body.purchase_id,
      price_cents: 1900,
      lead_type: 'standard',
      price_source: 'industry',
      offered_to: 1,
      other_purchases: 0,
      // Nobody confirmed this lead's phone (its LeadScreened was published by the test).
      phone_confirmed_at: '',
    });
    expect(receipt.price_row).toMatch(/^cap/i);
    expect(receipt.price_version).toMatch(/^\d+$/);
    const change = await wallet.ctx.db
      .selectFrom('lead_price_history')
      .select(['new_price_cents'])
      .where('id', '=', receipt.price_version)
      .executeTakeFirstOrThrow();
    expect(Number(change.new_price_cents)).toBe(1900);
    const tx = await wallet.ctx.db
      .selectFrom('ledger_transactions')
      .select(['id', 'amount_cents'])
      .where('id', '=', receipt.transaction_id)
      .executeTakeFirstOrThrow();
    expect(Number(tx.amount_cents)).toBe(-1900);
    expect(res.body.exclusive).toBe(true);
    expect(res.body.statement).toMatch(/no other purchase/);

    // Anyone (no session) can check it, and learns only that it is valid.
    const withFacts = await stack.call('verify-lead-receipt', { body: { receipt, code } });
    expect(withFacts.status).toBe(200);
    expect(withFacts.body).toEqual({ success: true, valid: true, status: 'valid', verdict: withFacts.body.verdict });
    expect(withFacts.body.verdict).toMatch(/^Valid/);
    const withId = await stack.call('verify-lead-receipt', { body: { lead_id: leadId, code } });
    expect(withId.body).toEqual(withFacts.body);

    // A receipt handed out before the phone confirmation was a fact (receipt-v1) still verifies.
    const { phone_confirmed_at: _, ...v1Facts } = receipt;
    const v1Code = receiptCode((wallet.ctx as WalletContext).receiptKey, receipt, 'receipt-v1');
    expect(v1Code).not.toBe(code);
    const v1 = await stack.call('verify-lead-receipt', { body: { receipt: v1Facts, code: v1Code } });
    expect(v1.body.status).toBe('valid');
    const v1ById = await stack.call('verify-lead-receipt', { body: { lead_id: leadId, code: v1Code } });
    expect(v1ById.body.status).toBe('valid');
  });

  it('answers any wrong fact, a wrong code, an unknown lead and an unsold one identically', async () => {
    const a = await fundedContractor(0);
    const leadId = await offeredLead(a.contractorId);
    expect((await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } })).status).toBe(200);
    const { receipt, code } = (
      await stack.call('get-lead-receipt', { query: { lead_id: leadId, session_token: a.token } })
    ).body;
    const unsold = await offeredLead(a.contractorId);
    const forged = code.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'));
    const attempts: Array<[string, Record<string, unknown>]> = [
      ...RECEIPT_FACT_NAMES.map((name): [string, Record<string, unknown>] => {
        const value = receipt[name];
        return [name, { receipt: { ...receipt, [name]: typeof value === 'number' ? value + 1 : `${value}0` }, code }];
      }),
      ['a forged code with the true facts', { receipt, code: forged }],
      ['a forged code with the lead id', { lead_id: leadId, code: forged }],
      ['a lead never bought', { lead_id: unsold, code }],
      ['a lead that does not exist', { lead_id: randomUUID(), code }],
      ['an unsold lead with its facts', { receipt: { ...receipt, lead_id: unsold }, code }],
    ];
    const answers = new Set<string>();
    for (const [what, body] of attempts) {
      const res = await stack.call('verify-lead-receipt', { body });
      expect(res.status, what).toBe(200);
      expect(res.body, what).toMatchObject({ valid: false, status: 'invalid' });
      answers.add(JSON.stringify(res.body));
    }
    // One answer for all of them: nothing tells which fact was wrong, or whether the lead was sold.
    expect([...answers]).toHaveLength(1);
    expect(JSON.parse([...answers][0]!).verdict).toBe(
      'Not valid: leadmarket did not issue this receipt for this lead, or it was changed.',
    );
  });

  it('a receipt stops verifying when its purchase is refunded or its lead deleted, and says so', async () => {
    const a = await fundedContractor(100);
    const refunded = await offeredLead(a.contractorId);
    const deleted = await offeredLead(a.contractorId);
    for (const leadId of [refunded, deleted])
      expect((await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } })).status).toBe(
        200,
      );
    const receiptOf = async (leadId: string) =>
      (await stack.call('get-lead-receipt', { query: { lead_id: leadId, session_token: a.token } })).body;
    const before = await Promise.all([refunded, deleted].map(receiptOf));
    const verify = (r: { receipt: unknown; code: string }) =>
      stack.call('verify-lead-receipt', { body: { receipt: r.receipt, code: r.code } });
    for (const r of before) expect((await verify(r)).body.valid).toBe(true);

    const asked = await stack.call('request-refund', {
      body: { lead_id: refunded, reason: 'Wrong number', session_token: a.token },
    });
    await internal(`/internal/refunds/${asked.body.refund_request_id}/decision`, {
      body: { action: 'approve', admin_notes: 'ok', admin_id: 'adm' },
    });
    await stack.infra.bus.publish(
      buildEnvelope('lead-intake', {
        type: 'LeadDeleted',
        data: { lead_id: deleted, deleted_at: new Date().toISOString() },
      }),
    );
    await waitFor(
      async () => (await verify(before[1]!)).body.status === 'deleted',
      'the deletion to reach wallet-ledger',
      15_000,
    );

    const afterRefund = await verify(before[0]!);
    expect(afterRefund.body).toMatchObject({ valid: false, status: 'refunded' });
    expect(afterRefund.body.verdict).toBe(
      'No longer valid: this receipt was valid, but the purchase has since been refunded.',
    );
    const byId = await stack.call('verify-lead-receipt', { body: { lead_id: refunded, code: before[0]!.code } });
    expect(byId.body.status).toBe('refunded');
    const afterDelete = await verify(before[1]!);
    expect(afterDelete.body).toMatchObject({ valid: false, status: 'deleted' });
    expect(afterDelete.body.verdict).toBe(
      'No longer valid: this receipt was valid, but the lead has since been deleted.',
    );
    // A wrong code for an undone purchase still learns nothing more than for any other.
    const wrong = await stack.call('verify-lead-receipt', { body: { lead_id: refunded, code: 'ab'.repeat(32) } });
    expect(wrong.body.status).toBe('invalid');
    // The owner's receipt says so too.
    expect((await receiptOf(refunded)).statement).toBe('This purchase was refunded: the receipt no longer verifies.');
    expect((await receiptOf(deleted)).statement).toBe('This lead was deleted: the receipt no longer verifies.');
  });

  it('only the buyer can read its receipt; bad input is a plain 400', async () => {
    const a = await fundedContractor(0);
    const b = await fundedContractor(0);
    const leadId = await offeredLead(a.contractorId);
    await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } });
    const other = await stack.call('get-lead-receipt', { query: { lead_id: leadId, session_token: b.token } });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('No purchase of this lead by your account was found.');
    expect((await stack.call('get-lead-receipt', { query: { lead_id: leadId } })).status).toBe(401);
    const noCode = await stack.call('verify-lead-receipt', { body: { lead_id: leadId } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('Enter the receipt code.');
    const nothing = await stack.call('verify-lead-receipt', { body: { code: 'abc' } });
    expect(nothing.status).toBe(400);
    // The admin's view of the same receipt (internal route the admin page composes from).
    const admin = await internal(`/internal/leads/${leadId}/receipt`);
    expect(admin.receipt.contractor_id).toBe(a.contractorId);
  });
});

describe('hard spend caps', () => {
  it('20 parallel purchases under a daily cap worth 3 leads: exactly 3 succeed, the rest get the cap message', async () => {
    const a = await fundedContractor(1000);
    const set = await stack.call('spend-caps', { body: { session_token: a.token, daily_cap: '60' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ daily_cap: 60, weekly_cap: null, message: 'Spend caps saved' });
    const leads = await Promise.all(Array.from({ length: 20 }, () => offeredLead(a.contractorId, 2000)));
    const before = await balanceOf(stack, a.contractorId);

    const answers = await Promise.all(
      leads.map((leadId) => stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    for (const refused of answers.filter((r) => r.status === 402)) {
      expect(refused.body.message).toBe(
        'This purchase would pass your daily cap of $60.00. It resets at midnight UTC.',
      );
      expect(refused.body.cap).toBe('daily');
    }
    expect(await balanceOf(stack, a.contractorId)).toBe(before - 6000);
    expect((await ledgerCheck(stack)).ok).toBe(true);
    const caps = await stack.call('spend-caps', { query: { session_token: a.token } });
    expect(caps.body).toMatchObject({ daily_cap: 60, spent_today: 60 });
    expect(caps.body.day_resets_at).toMatch(/T00:00:00\.000Z$/);
  });

  it('the weekly cap and the maximum price per lead refuse with their own messages', async () => {
    const a = await fundedContractor(1000);
    await stack.call('spend-caps', { body: { session_token: a.token, weekly_cap: '30', max_lead_price: '25' } });
    const dear = await offeredLead(a.contractorId, 2600);
    const tooDear = await stack.call('purchase-lead', { body: { lead_id: dear, session_token: a.token } });
    expect(tooDear.status).toBe(402);
    expect(tooDear.body.message).toBe(
      'This lead costs $26.00, more than your maximum price per lead of $25.00. Raise it in Settings to buy it.',
    );
    const first = await offeredLead(a.contractorId, 2000);
    expect((await stack.call('purchase-lead', { body: { lead_id: first, session_token: a.token } })).status).toBe(200);
    const second = await offeredLead(a.contractorId, 2000);
    const weekly = await stack.call('purchase-lead', { body: { lead_id: second, session_token: a.token } });
    expect(weekly.status).toBe(402);
    expect(weekly.body.message).toBe(
      'This purchase would pass your weekly cap of $30.00. It resets on Monday at midnight UTC.',
    );
    // Removing the cap (empty field) lets the purchase through.
    await stack.call('spend-caps', { body: { session_token: a.token, weekly_cap: '' } });
    expect((await stack.call('purchase-lead', { body: { lead_id: second, session_token: a.token } })).status).toBe(200);
  });

  it('checks every field and answers each problem in plain words beside its field', async () => {
    const a = await fundedContractor(0);
    const res = await stack.call('spend-caps', {
      body: { session_token: a.token, daily_cap: 'lots', max_lead_price: '-3', auto_reload_max_per_day: '2.5' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toEqual({
      daily_cap: 'Enter a daily cap in dollars between $1.00 and $100,000.00, or leave it empty for no cap.',
      max_lead_price: 'Enter a maximum price per lead in dollars between $1.00 and $100,000.00, or leave it empty.',
      auto_reload_max_per_day:
        'Enter how many auto-reloads a day you allow, a whole number from 1 to 100, or leave it empty.',
    });
    const below = await stack.call('spend-caps', { body: { session_token: a.token, daily_cap: 50, weekly_cap: 40 } });
    expect(below.status).toBe(400);
    expect(below.body.field_errors).toEqual({ weekly_cap: 'The weekly cap cannot be lower than the daily cap.' });
    // Nothing was saved by the refused requests.
    expect((await stack.call('spend-caps', { query: { session_token: a.token } })).body).toMatchObject({
      daily_cap: null,
      weekly_cap: null,
      max_lead_price: null,
    });
  });
});

describe('auto-reload limits', () => {
  it('refuses further reloads past the daily limit; the monthly limit counts the month', async () => {
    const a = await fundedContractor(0);
    // A saved card, as a completed checkout leaves it, and auto-reload on with a threshold above the balance.
    await wallet.ctx.db
      .updateTable('wallet_settings')
      .set({
        stripe_customer_id: 'cus_dev',
        stripe_payment_method_id: 'pm_dev',
        auto_reload_enabled: true,
        auto_reload_threshold_cents: 100_000,
        auto_reload_amount_cents: 10_000,
      })
      .where('contractor_id', '=', a.contractorId)
      .execute();
    const set = await stack.call('spend-caps', {
      body: { session_token: a.token, auto_reload_max_per_day: 1, auto_reload_max_per_month: 2 },
    });
    expect(set.body).toMatchObject({ auto_reload_max_per_day: 1, auto_reload_max_per_month: 2 });
    // The running instance's payments provider (development mode: the saved card is "charged" at once).
    const { payments } = wallet.ctx as WalletContext;
    const reloads = () =>
      wallet.ctx.db
        .selectFrom('funding_sessions')
        .select('id')
        .where('contractor_id', '=', a.contractorId)
        .where('kind', '=', 'auto_reload')
        .execute();

    expect(await maybeAutoReload(wallet.ctx, payments, a.contractorId)).toBe('started');
    expect(await maybeAutoReload(wallet.ctx, payments, a.contractorId)).toBe('limit_reached');
    expect(await reloads()).toHaveLength(1);

    // Yesterday's reload (same month) counts for the month, not the day: one more today, then the month is full.
    await wallet.ctx.db
      .updateTable('funding_sessions')
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where('contractor_id', '=', a.contractorId)
      .execute();
    const firstOfMonth = new Date().getUTCDate() === 1;
    if (!firstOfMonth) {
      expect(await maybeAutoReload(wallet.ctx, payments, a.contractorId)).toBe('started');
      await wallet.ctx.db
        .updateTable('funding_sessions')
        .set({ created_at: new Date(Date.now() - 86_400_000) })
        .where('contractor_id', '=', a.contractorId)
        .execute();
      expect(await maybeAutoReload(wallet.ctx, payments, a.contractorId)).toBe('limit_reached');
      expect(await reloads()).toHaveLength(2);
    }
  });
});
