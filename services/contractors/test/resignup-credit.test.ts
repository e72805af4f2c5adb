import { randomUUID } from 'node:crypto';
import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import { signUpContractor, type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { service as walletLedger } from '@leadmarket/wallet-ledger';
import { describe, expect, it } from 'vitest';
import { service as contractors } from '../src/index.js';
import { contractorsDb } from './helpers.js';

// ADR 0007: a deleted account's email or phone may sign up again, without a second $25.
let stack: TestStack;

testStackForFile((started) => (stack = started), { services: [contractors, walletLedger] });

const ledgerDb = () => stack.marketplace.services.get('wallet-ledger')!.ctx.db;
const credits = async (contractorId: string) =>
  (
    await ledgerDb()
      .selectFrom('ledger_transactions')
      .select('amount_cents')
      .where('contractor_id', '=', contractorId)
      .where('kind', '=', 'signup_credit')
      .execute()
  ).length;
/** wallet-ledger has handled the contractor's ContractorRegistered (credit or not): its wallet exists. */
const walletMade = (contractorId: string) =>
  waitFor(
    async () =>
      ledgerDb()
        .selectFrom('accounts')
        .select('balance_cents')
        .where('contractor_id', '=', contractorId)
        .executeTakeFirst(),
    `wallet of ${contractorId}`,
    20_000,
  );
const remove = (id: string) =>
  stack.marketplace.clients.call('contractors', `/internal/contractors/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
const phone = () => `(312) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

describe('signing up again after deletion', () => {
  it('lets the same email sign up again, without a second signup credit', async () => {
    const email = `again.${randomUUID().slice(0, 8)}@example.com`;
    const first = await signUpContractor(stack, { email, phone: phone() });
    expect(Number((await walletMade(first.id)).balance_cents)).toBe(SIGNUP_CREDIT_CENTS);
    await remove(first.id);

    // Another case and spacing of the same address is the same address.
    const second = await signUpContractor(stack, { email: `  ${email.toUpperCase()} `, phone: phone() });
    expect(second.id).not.toBe(first.id);
    expect(Number((await walletMade(second.id)).balance_cents)).toBe(0);
    expect(await credits(second.id)).toBe(0);
    // The account says so, for the welcome page's wallet promise; the first account's was granted.
    const said = async (c: { id: string; token: string }) =>
      (await stack.call('contractors-dashboard', { token: c.token, query: { contractor_id: c.id } })).body
        .signup_credit;
    expect(await said(second)).toBe(false);
    const third = await signUpContractor(stack, { phone: phone() });
    expect(await said(third)).toBe(true);
    // The deleted account's address itself is not kept, only its keyed hash.
    const kept = await contractorsDb(stack).selectFrom('deleted_contact_keys').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(email);
  });

  it('gives no second credit to a deleted account’s phone under a new email, in any format', async () => {
    const digits = `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const first = await signUpContractor(stack, {
      phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    });
    expect(Number((await walletMade(first.id)).balance_cents)).toBe(SIGNUP_CREDIT_CENTS);
    await remove(first.id);
    const second = await signUpContractor(stack, { phone: `+1 ${digits}` });
    expect(Number((await walletMade(second.id)).balance_cents)).toBe(0);
  });

  it('still credits a new email and phone, and live accounts sharing an office phone', async () => {
    const shared = phone();
    const a = await signUpContractor(stack, { phone: shared });
    const b = await signUpContractor(stack, { phone: shared });
    for (const c of [a, b]) expect(Number((await walletMade(c.id)).balance_cents)).toBe(SIGNUP_CREDIT_CENTS);
  });
});
