import { type TestStack, testStackForFile, waitUntilPriced } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@leadmarket/contracts';
import { availableLead, claimToken, leadOfferedTo, offerLead, fundedBuyer } from './helpers.js';

// The claim page's price and urgency, the buyer reopening its link, and a dashboard purchase that
// lead-intake records when LeadPurchased arrives (the sale flows one way, from wallet-ledger).
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

describe('claim link status for its own contractor', () => {
  it('shows price and urgency; the buyer reopening the link gets "claimed by you" with the contact', async () => {
    const buyer = await fundedBuyer(stack);
    const { id, token } = await leadOfferedTo(stack, buyer.id, {
      urgency: 'Emergency',
      customer_name: 'Maria Lopez',
      phone: '(312) 555-0123',
    });
    const preview = await stack.call('leads-claim-get', { query: { token } });
    expect(preview.body.lead).toMatchObject({ id, urgency: 'Emergency', price: 20 });

    const before = await stack.call('leads-claim-status', { query: { token }, token: buyer.token });
    expect(before.body).toMatchObject({ success: true, status: 'available', lead: { customer_name: 'Maria L.' } });

    const claimed = await stack.call('leads-claim-post', { body: { token, contractor_id: buyer.id } });
    expect(claimed.status).toBe(200);

    // leads-claim-get closes to everyone once lead-intake has LeadPurchased (it cannot tell who asks);
    // the status call knows the buyer at once, from the sale's owner.
    await waitFor(
      async () => (await stack.call('leads-claim-get', { query: { token } })).status === 409,
      'leads-claim-get closed after the sale',
      15_000,
    );
    const reopened = await stack.call('leads-claim-status', { query: { token }, token: buyer.token });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      success: true,
      status: 'claimed_by_you',
      message: 'You claimed this lead.',
      lead: { id, customer_name: 'Maria Lopez', phone: '+13125550123', urgency: 'Emergency', price: 20 },
    });
  });

  it('tells another offered contractor the lead is gone, and refuses a contractor the link was not sent to', async () => {
    const winner = await fundedBuyer(stack);
    const loser = await fundedBuyer(stack);
    const stranger = await fundedBuyer(stack);
    const { id } = await availableLead(stack);
    const winnerToken = claimToken();
    const loserToken = claimToken();
    await offerLead(stack, id, [
      { contractor_id: winner.id, claim_token: winnerToken },
      { contractor_id: loser.id, claim_token: loserToken },
    ]);
    expect(
      (await stack.call('leads-claim-post', { body: { token: winnerToken, contractor_id: winner.id } })).status,
    ).toBe(200);
    const lost = await stack.call('leads-claim-status', { query: { token: loserToken }, token: loser.token });
    expect(lost.body).toEqual({ success: false, status: 'claimed', message: CLAIM_MESSAGES.alreadyClaimed });
    expect(JSON.stringify(lost.body)).not.toContain('Jane');
    const notTheirs = await stack.call('leads-claim-status', { query: { token: winnerToken }, token: stranger.token });
    expect(notTheirs.status).toBe(403);
    expect((await stack.call('leads-claim-status', { query: { token: winnerToken } })).status).toBe(401);
  });
});

describe('dashboard purchase', () => {
  it('gives the buyer the contact when purchase-lead answers, even with lead-intake consuming no events', async () => {
    const buyer = await fundedBuyer(stack);
    const { id } = await leadOfferedTo(stack, buyer.id);
    await waitUntilPriced(stack, id);
    const leadIntake = stack.marketplace.services.get('lead-intake')!;
    await leadIntake.stopConsumers(); // LeadPurchased cannot reach lead-intake now
    try {
      const bought = await stack.call('purchase-lead', { body: { lead_id: id }, token: buyer.token });
      expect(bought.status).toBe(200);
      // The contact, from its owner, in the buyer's next request: nothing recorded here yet.
      const one = await stack.call('get-purchased-lead', { query: { lead_id: id }, token: buyer.token });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.lead).toMatchObject({ id, customer_name: 'Jane Doe', price: 20 });
      const other = await fundedBuyer(stack);
      expect((await stack.call('get-purchased-lead', { query: { lead_id: id }, token: other.token })).status).toBe(404);
    } finally {
      await leadIntake.startConsumers();
    }
    // The list follows from LeadPurchased once it is taken.
    const record = await waitFor(
      async () => {
        const purchased = await stack.call('get-purchased-leads', { token: buyer.token });
        return purchased.body.purchased_leads.find((p: { lead_id: string }) => p.lead_id === id);
      },
      'the lead in Purchased',
      15_000,
    );
    expect(record).toMatchObject({ lead_id: id, price_paid: 20 });
    expect(record.leads.customer_name).toBe('Jane Doe');
  });
});

describe('refunds and the lists a contractor sees', () => {
  it('a refunded lead leaves Purchased for Refunded, takes no actions, and Claimed holds only claim-link purchases', async () => {
    const buyer = await fundedBuyer(stack);
    const viaLink = await leadOfferedTo(stack, buyer.id);
    expect(
      (await stack.call('leads-claim-post', { body: { token: viaLink.token, contractor_id: buyer.id } })).status,
    ).toBe(200);
    await stack.marketplace.clients.call('wallet-ledger', '/internal/adjustments', {
      body: { contractor_id: buyer.id, amount_cents: 5000, notes: 'test funds' },
    });
    const viaDashboard = await leadOfferedTo(stack, buyer.id);
    await waitUntilPriced(stack, viaDashboard.id);
    expect((await stack.call('purchase-lead', { body: { lead_id: viaDashboard.id }, token: buyer.token })).status).toBe(
      200,
    );

    // Claimed follows the claim's LeadPurchased at lead-intake.
    const dashboard = await waitFor(
      async () => {
        const res = await stack.call('contractors-dashboard', {
          query: { contractor_id: buyer.id },
          token: buyer.token,
        });
        return res.body.claimed_leads?.length ? res : undefined;
      },
      'the claim-link purchase under Claimed',
      15_000,
    );
    expect(dashboard.body.claimed_leads.map((l: { id: string }) => l.id)).toEqual([viaLink.id]);

    const asked = await stack.call('request-refund', {
      body: { lead_id: viaLink.id, reason: 'The number is disconnected' },
      token: buyer.token,
    });
    expect(asked.status).toBe(200);
    const mine = await stack.call('get-refund-requests', { token: buyer.token });
    expect(mine.body.refund_requests).toEqual([
      expect.objectContaining({ lead_id: viaLink.id, status: 'pending', amount: 20 }),
    ]);
    await stack.marketplace.clients.call(
      'wallet-ledger',
      `/internal/refunds/${asked.body.refund_request_id}/decision`,
      {
        body: { action: 'approve', admin_notes: 'Confirmed disconnected' },
      },
    );
    const lists = await waitFor(
      async () => {
        const res = await stack.call('get-purchased-leads', { token: buyer.token });
        return res.body.refunded_leads.length ? res.body : undefined;
      },
      'the lead under Refunded',
      15_000,
    );
    expect(lists.refunded_leads.map((r: { lead_id: string }) => r.lead_id)).toEqual([viaLink.id]);
    expect(lists.purchased_leads.map((r: { lead_id: string }) => r.lead_id)).toEqual([viaDashboard.id]);
    const complete = await stack.call('mark-lead-complete', { body: { lead_id: viaLink.id }, token: buyer.token });
    expect(complete.status).toBe(409);
    expect(complete.body.message).toMatch(/refunded/);
    expect((await stack.call('get-refund-requests', { token: buyer.token })).body.refund_requests[0]).toMatchObject({
      status: 'approved',
      admin_notes: 'Confirmed disconnected',
    });
  });
});
