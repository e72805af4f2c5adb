import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { balanceOf, ledgerCheck, register, screenLead, signIn, walletStackForFile } from './helpers.js';

// The wallet statement: every money move of one wallet with a running balance that ends at the wallet.

let stack: TestStack;
let wallet: RunningService;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

walletStackForFile((started) => ({ stack, wallet } = started));

describe('wallet statement', () => {
  it('lists signup credit, adjustments, purchases and refunds newest first; the last running balance is the wallet', async () => {
    const a = await signIn(stack);
    await register(stack, wallet, a.contractorId);
    await internal('/internal/adjustments', {
      body: { contractor_id: a.contractorId, amount_cents: 10_000, notes: 'welcome bonus', admin_id: 'adm' },
    });
    const kept = await screenLead(stack, wallet, { service_category: 'home_services', sub_service: 'hvac' });
    const refunded = await screenLead(stack, wallet, { urgency: 'Emergency' });
    for (const leadId of [kept, refunded])
      expect((await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: a.token } })).status).toBe(
        200,
      );
    const req = await stack.call('request-refund', {
      body: { lead_id: refunded, reason: 'Disconnected number', session_token: a.token },
    });
    await internal(`/internal/refunds/${req.body.refund_request_id}/decision`, { body: { action: 'approve' } });
    await internal('/internal/adjustments', {
      body: { contractor_id: a.contractorId, amount_cents: -500, notes: 'correction', admin_id: 'adm' },
    });

    const balance = await balanceOf(stack, a.contractorId);
    const own = await stack.call('get-wallet-statement', { query: { session_token: a.token, limit: 50 } });
    expect(own.status).toBe(200);
    const statement = own.body;
    expect(statement.balance_cents).toBe(balance);
    expect(statement.total).toBe(6);
    expect(statement.entries.map((e: any) => e.kind)).toEqual([
      'admin_adjustment',
      'refund',
      'lead_purchase',
      'lead_purchase',
      'admin_adjustment',
      'signup_credit',
    ]);
    // Newest first, so the first line carries the wallet's balance and each line is the one below plus its amount.
    expect(statement.entries[0].balance_after_cents).toBe(balance);
    for (let i = 0; i < statement.entries.length - 1; i++)
      expect(statement.entries[i].balance_after_cents).toBe(
        statement.entries[i + 1].balance_after_cents + statement.entries[i].amount_cents,
      );
    expect(statement.entries[5]).toMatchObject({
      label: 'Signup credit',
      amount_cents: SIGNUP_CREDIT_CENTS,
      balance_after_cents: SIGNUP_CREDIT_CENTS,
      lead_id: null,
    });
    const purchaseOfKept = statement.entries.find((e: any) => e.kind === 'lead_purchase' && e.lead_id === kept);
    expect(purchaseOfKept.label).toBe('Lead purchase: Home Services, HVAC (ZIP 12345)');
    expect(statement.entries[1]).toMatchObject({
      kind: 'refund',
      lead_id: refunded,
      label: 'Refund: HVAC, Repair (ZIP 12345)',
    });
    expect(statement.entries[1].amount_cents).toBeGreaterThan(0);
    expect(statement.entries[0]).toMatchObject({ amount_cents: -500, label: 'Adjustment by support: correction' });

    // Paging keeps the running balance of the whole wallet, and the internal twin answers the same.
    const page2 = await internal(`/internal/wallets/${a.contractorId}/statement`, { query: { limit: 2, offset: 2 } });
    expect(page2.total).toBe(6);
    expect(page2.entries).toEqual(statement.entries.slice(2, 4));

    const csv = await stack.call('get-wallet-statement', { query: { session_token: a.token, format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain('Adjustment by support: correction');
    expect(lines[1]).toContain(`,-5.00,${(balance / 100).toFixed(2)},`);

    expect((await ledgerCheck(stack)).ok).toBe(true);
  });

  it('is only the signed-in contractor own wallet, and refuses bad paging in words', async () => {
    const a = await signIn(stack);
    const b = await signIn(stack);
    await register(stack, wallet, b.contractorId);
    const other = await stack.call('get-wallet-statement', {
      query: { session_token: a.token, contractor_id: b.contractorId },
    });
    expect(other.status).toBe(403);
    expect((await stack.call('get-wallet-statement', {})).status).toBe(401);
    const empty = await stack.call('get-wallet-statement', { query: { session_token: a.token } });
    expect(empty.body).toEqual({ balance_cents: 0, total: 0, entries: [] });
    const bad = await stack.call('get-wallet-statement', { query: { session_token: a.token, limit: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit must be at least 1/);
  });
});
