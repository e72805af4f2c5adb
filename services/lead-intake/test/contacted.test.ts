import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { leadOfferedTo, fundedBuyer } from './helpers.js';

// The buyer records its first contact with the customer; wallet-ledger's response-time
// figures (metrics and gamification) count from the offer to that moment.
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

describe('mark-lead-contacted', () => {
  it('records the first contact once, only for the buyer, and the response time follows it', async () => {
    const buyer = await fundedBuyer(stack);
    const other = await fundedBuyer(stack);
    const { id, token } = await leadOfferedTo(stack, buyer.id);
    expect((await stack.call('leads-claim-post', { body: { token, contractor_id: buyer.id } })).status).toBe(200);

    const notTheirs = await stack.call('mark-lead-contacted', { body: { lead_id: id }, token: other.token });
    expect(notTheirs.status).toBe(404);
    expect((await stack.call('mark-lead-contacted', { body: { lead_id: id } })).status).toBe(401);
    expect((await stack.call('mark-lead-contacted', { body: { lead_id: 'nope' }, token: buyer.token })).status).toBe(
      400,
    );

    const first = await stack.call('mark-lead-contacted', { body: { lead_id: id, via: 'call' }, token: buyer.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Marked as contacted.' });
    const again = await stack.call('mark-lead-contacted', { body: { lead_id: id }, token: buyer.token });
    expect(again.body.contacted_at).toBe(first.body.contacted_at);

    const wallet = stack.marketplace.services.get('wallet-ledger')!.ctx.db;
    const row = await waitFor(
      () =>
        wallet
          .selectFrom('purchases')
          .select('contacted_at')
          .where('lead_id', '=', id)
          .where('contacted_at', 'is not', null)
          .executeTakeFirst(),
      'the contact in wallet-ledger',
      20_000,
    );
    expect(new Date(row.contacted_at).toISOString()).toBe(first.body.contacted_at);
    const g = await stack.call('gamification-scoring', { token: buyer.token });
    expect(g.status).toBe(200);
    // Contacted within seconds of the purchase: the best score.
    expect(g.body.gamification.response_time_score).toBe(100);
  });
});
