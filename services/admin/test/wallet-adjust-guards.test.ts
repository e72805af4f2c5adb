import { randomUUID } from 'node:crypto';
import { signUpContractor, type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { auditOf, adminStackForFile } from './helpers.js';

// admin-wallet-adjust refuses ids that are not contractors (and creates no wallet for them), and a
// form submission sent twice at once credits once.
let stack: TestStack;
let token: string;

adminStackForFile((started) => ({ stack, token } = started));

const ledgerDb = () => stack.marketplace.services.get('wallet-ledger')!.ctx.db;
const balanceOf = async (id: string) =>
  (await stack.marketplace.clients.call('wallet-ledger', `/internal/wallets/${id}`)).balance_cents as number;
const walletRows = async (id: string) =>
  (await ledgerDb().selectFrom('accounts').select('id').where('contractor_id', '=', id).execute()).length +
  (await ledgerDb().selectFrom('wallet_settings').select('contractor_id').where('contractor_id', '=', id).execute())
    .length;

describe('admin-wallet-adjust guards', () => {
  it('answers 404 for a contractor id that does not exist, and no wallet appears', async () => {
    const phantom = `phantom-${randomUUID()}`;
    // Reading the wallet first (as the admin page and the dashboard do) creates nothing either.
    expect(await balanceOf(phantom)).toBe(0);
    const res = await stack.call('admin-wallet-adjust', {
      token,
      body: { contractor_id: phantom, amount: 10_000, notes: 'free money', idempotency_key: randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.message).toMatch(/not found/i);
    expect(await walletRows(phantom)).toBe(0);
    // wallet-ledger itself refuses too (a caller that skips the admin service's check).
    await expect(
      stack.marketplace.clients.call('wallet-ledger', '/internal/adjustments', {
        body: { contractor_id: phantom, amount_cents: 100, notes: 'x' },
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await walletRows(phantom)).toBe(0);
  });

  it('answers 404 for a deleted contractor', async () => {
    const c = await signUpContractor(stack);
    await waitFor(async () => (await balanceOf(c.id)) === 2500, 'signup credit', 20_000);
    const del = await stack.call('admin-delete-contractor', { method: 'DELETE', token, body: { contractor_id: c.id } });
    expect(del.status).toBe(200);
    const res = await stack.call('admin-wallet-adjust', {
      token,
      body: { contractor_id: c.id, amount: 5, notes: 'after deletion' },
    });
    expect(res.status).toBe(404);
    expect(await balanceOf(c.id)).toBe(2500);
  });

  it('credits once when the same submission arrives twice at once (and once more when sent again later)', async () => {
    const c = await signUpContractor(stack);
    await waitFor(async () => (await balanceOf(c.id)) === 2500, 'signup credit', 20_000);
    const body = { contractor_id: c.id, amount: 40, notes: 'goodwill', idempotency_key: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => stack.call('admin-wallet-adjust', { token, body })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.body.new_balance)).toEqual([65, 65, 65, 65]);
    const late = await stack.call('admin-wallet-adjust', { token, body });
    expect(late.body.new_balance).toBe(65);
    expect(await balanceOf(c.id)).toBe(6500);
    const adjustments = await ledgerDb()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('contractor_id', '=', c.id)
      .where('kind', '=', 'admin_adjustment')
      .execute();
    expect(adjustments).toHaveLength(1);
    expect((await auditOf(stack, token, 'wallet.adjust')).filter((e) => e.target_id === c.id)).toHaveLength(1);

    // A new submission (new key) with the same values is a new adjustment.
    const again = await stack.call('admin-wallet-adjust', { token, body: { ...body, idempotency_key: randomUUID() } });
    expect(again.body.new_balance).toBe(105);
  });
});
