import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerTo, register, screenLead, signIn, startWalletStack } from './helpers.js';

// The low-balance rule in the purchase's transaction, against the real servers: WalletBalanceLow
// on the one purchase that takes a wallet below the cheapest lead of its category, read from its
// targets or, without them, from its latest purchase; none when auto-reload with a card will top it up.
let stack: TestStack;
let wallet: RunningService;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

beforeAll(async () => {
  ({ stack, wallet } = await startWalletStack());
  // HVAC's tiers: the cheapest lead a HVAC contractor can be offered is $10 (standard).
  for (const [lead_type, price_cents] of [
    ['standard', 1000],
    ['premium', 1200],
    ['emergency', 1500],
  ] as const)
    await internal('/internal/lead-prices', { method: 'PUT', body: { category: 'HVAC', lead_type, price_cents } });
});
afterAll(async () => {
  await stack?.stop();
});

/** The WalletBalanceLow events written for `contractorId` so far. */
async function lowBalanceEventsOf(contractorId: string) {
  const rows = await wallet.ctx.db
    .selectFrom('outbox')
    .select('envelope')
    .where('type', '=', 'WalletBalanceLow')
    .execute();
  return rows
    .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope).data)
    .filter((d: { contractor_id: string }) => d.contractor_id === contractorId);
}

/** A registered HVAC contractor (its $25 signup credit) buys one standard HVAC lead ($10). */
async function buyOne(who: { contractorId: string; token: string }) {
  const leadId = await screenLead(stack, wallet);
  await offerTo(wallet, leadId, who.contractorId);
  const res = await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: who.token } });
  expect(res.status).toBe(200);
  return res.body.new_wallet_balance as number;
}

describe('low balance on purchase', () => {
  it('fires once, on the purchase that crosses below the cheapest lead of the contractor’s category', async () => {
    const who = await signIn(stack);
    await register(stack, wallet, who.contractorId);
    expect(await buyOne(who)).toBe(15); // $25 → $15: still above $10
    expect(await lowBalanceEventsOf(who.contractorId)).toEqual([]);
    expect(await buyOne(who)).toBe(5); // $15 → $5: below $10
    const [event, ...more] = await lowBalanceEventsOf(who.contractorId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      contractor_id: who.contractorId,
      balance_cents: 500,
      cheapest_lead_cents: 1000,
      category: 'HVAC',
      reason: 'lead_purchase',
    });
  });

  it('reads the category from the latest purchase when the contractor has no targets', async () => {
    const who = await signIn(stack);
    await register(stack, wallet, who.contractorId);
    expect(await buyOne(who)).toBe(15);
    await wallet.ctx.db.deleteFrom('contractor_targets').where('contractor_id', '=', who.contractorId).execute();
    expect(await buyOne(who)).toBe(5);
    expect(await lowBalanceEventsOf(who.contractorId)).toMatchObject([{ cheapest_lead_cents: 1000, category: 'HVAC' }]);
  });

  it('stays quiet when auto-reload with a saved card will top the wallet up', async () => {
    const who = await signIn(stack);
    await register(stack, wallet, who.contractorId);
    await wallet.ctx.db
      .updateTable('wallet_settings')
      .set({ auto_reload_enabled: true, stripe_payment_method_id: 'pm_card_visa', auto_reload_threshold_cents: 0 })
      .where('contractor_id', '=', who.contractorId)
      .execute();
    expect(await buyOne(who)).toBe(15);
    expect(await buyOne(who)).toBe(5);
    expect(await lowBalanceEventsOf(who.contractorId)).toEqual([]);
  });
});
