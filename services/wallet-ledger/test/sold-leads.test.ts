import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { SoldLeads } from '../src/use-cases/sold-leads.js';
import { register, screenLead, signIn, walletStackForFile } from './helpers.js';

describe('SoldLeads', () => {
  it('keeps the first buyer it is told of, and forgets the oldest lead past its capacity', () => {
    const sold = new SoldLeads(2);
    sold.remember('lead-1', 'alice');
    sold.remember('lead-1', 'bob'); // a lead's buyer never changes: the first one stays
    sold.remember('lead-2', 'carol');
    expect(sold.buyerOf('lead-1')).toBe('alice');
    sold.remember('lead-3', 'dave');
    expect(sold.buyerOf('lead-1')).toBeUndefined();
    expect([sold.buyerOf('lead-2'), sold.buyerOf('lead-3')]).toEqual(['carol', 'dave']);
  });
});

describe('purchases of a lead this process has seen sold', () => {
  let stack: TestStack;
  let wallet: RunningService;
  walletStackForFile((started) => ({ stack, wallet } = started));

  const buy = (leadId: string, who: { contractorId: string; token: string }) =>
    stack.call('purchase-lead', {
      body: { lead_id: leadId, contractor_id: who.contractorId, session_token: who.token },
    });

  it('refuse every other contractor, and still answer the buyer its own purchase again', async () => {
    const [winner, late, later] = await Promise.all([signIn(stack), signIn(stack), signIn(stack)]);
    for (const who of [winner, late, later]) await register(stack, wallet, who.contractorId);
    const leadId = await screenLead(stack, wallet);

    const first = await buy(leadId, winner);
    expect(first.status).toBe(200);
    for (const who of [late, later, late]) {
      const refused = await buy(leadId, who);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This lead has already been purchased by another contractor.');
    }
    // The buyer's retry (a double click, a lost answer) gets the same success, never "sold".
    const again = await buy(leadId, winner);
    expect(again.status).toBe(200);
    expect(again.body.purchase_id).toBe(first.body.purchase_id);
    expect(again.body.new_wallet_balance).toBe(first.body.new_wallet_balance);

    const sales = await wallet.ctx.db
      .selectFrom('purchases')
      .select('contractor_id')
      .where('lead_id', '=', leadId)
      .execute();
    expect(sales).toEqual([{ contractor_id: winner.contractorId }]);
  });

  it('refuse a contractor of a lead another contractor bought, found in the database, and from then on from memory', async () => {
    const [buyer, other] = await Promise.all([signIn(stack), signIn(stack)]);
    for (const who of [buyer, other]) await register(stack, wallet, who.contractorId);
    const leadId = await screenLead(stack, wallet);
    expect((await buy(leadId, buyer)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refused = await buy(leadId, other);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/already been purchased/);
    }
    // A lead nobody bought is still sold to the first who asks.
    const next = await screenLead(stack, wallet);
    expect((await buy(next, other)).status).toBe(200);
  });
});
