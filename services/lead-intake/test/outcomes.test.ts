import { OUTCOME_MESSAGES } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';
import { leadDb, leadOfferedTo, fundedBuyer } from './helpers.js';

// The buyer records what happened with a bought lead (docs/adr/0047-lead-outcomes.md): lead-intake
// keeps it and says so in LeadOutcomeRecorded; wallet-ledger's close rate and ROI follow it.
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

/** A lead `buyer` bought through its claim link, once lead-intake has recorded the sale. */
async function boughtLead(buyer: { id: string }, overrides: Record<string, unknown> = {}) {
  const lead = await leadOfferedTo(stack, buyer.id, { zip_code: '10001', ...overrides });
  const claim = await stack.call('leads-claim-post', { body: { token: lead.token, contractor_id: buyer.id } });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  await waitFor(
    () =>
      leadDb(stack)
        .selectFrom('leads')
        .select('id')
        .where('id', '=', lead.id)
        .where('purchased_by', '=', buyer.id)
        .executeTakeFirst(),
    'lead-intake records the sale',
    20_000,
  );
  return lead;
}

const walletPurchase = (leadId: string) =>
  stack.marketplace.services
    .get('wallet-ledger')!
    .ctx.db.selectFrom('purchases')
    .select(['outcome', 'job_value_cents', 'lost_reason', 'outcome_at', 'contacted_at', 'price_cents'])
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();

describe('update-lead-outcome', () => {
  it('belongs to the buyer, refuses bad input in plain words, and refuses a refunded lead', async () => {
    const buyer = await fundedBuyer(stack);
    const other = await fundedBuyer(stack);
    const { id } = await boughtLead(buyer);
    const call = (body: Record<string, unknown>, token = buyer.token) =>
      stack.call('update-lead-outcome', { body: { lead_id: id, ...body }, token });

    expect((await stack.call('update-lead-outcome', { body: { lead_id: id, outcome: 'contacted' } })).status).toBe(401);
    const notTheirs = await call({ outcome: 'won', job_value: '$800' }, other.token);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe('Lead not found among your purchased leads.');
    expect(
      (await stack.call('update-lead-outcome', { body: { lead_id: 'nope', outcome: 'won' }, token: buyer.token }))
        .status,
    ).toBe(400);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ outcome: 'maybe' }, OUTCOME_MESSAGES.outcomeRequired],
      [{}, OUTCOME_MESSAGES.outcomeRequired],
      [{ outcome: 'won' }, OUTCOME_MESSAGES.jobValueRequired],
      [{ outcome: 'won', job_value: 'lots' }, OUTCOME_MESSAGES.jobValueNotANumber],
      [{ outcome: 'won', job_value: '-5' }, OUTCOME_MESSAGES.jobValueNotPositive],
      [{ outcome: 'lost' }, OUTCOME_MESSAGES.lostReasonRequired],
      [{ outcome: 'lost', lost_reason: 'weather' }, OUTCOME_MESSAGES.lostReasonRequired],
      [{ outcome: 'quoted', job_value: '900' }, OUTCOME_MESSAGES.jobValueOnlyWhenWon],
      [{ outcome: 'won', job_value: true }, OUTCOME_MESSAGES.jobValueNotANumber],
      [{ outcome: 'won', job_value: '1'.repeat(60) }, OUTCOME_MESSAGES.jobValueNotANumber],
      [{ outcome: 'lost', lost_reason: 5 }, OUTCOME_MESSAGES.lostReasonRequired],
      [{ outcome: 'contacted', note: { text: 'hi' } }, OUTCOME_MESSAGES.noteNotText],
      [{ outcome: 'contacted', note: 'x'.repeat(501) }, OUTCOME_MESSAGES.noteTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    // Nothing refused was kept, and the other contractor changed nothing.
    const row = await leadDb(stack)
      .selectFrom('leads')
      .select('outcome')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBeNull();

    await leadDb(stack).updateTable('leads').set({ refunded_at: new Date() }).where('id', '=', id).execute();
    const refunded = await call({ outcome: 'never_reached' });
    expect(refunded.status).toBe(409);
    expect(refunded.body.message).toBe('This lead was refunded; its outcome can no longer be changed.');
  });

  it('keeps each outcome, announces it without contact or note, and the figures follow it', async () => {
    const buyer = await fundedBuyer(stack);
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    const adminToken = login.body.session_token as string;
    const topUp = await stack.call('admin-wallet-adjust', {
      body: { contractor_id: buyer.id, amount: 200, notes: 'three leads for the outcomes test' },
      token: adminToken,
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    // Plumbing, which the (HVAC) buyer does not target: only the test's own offer reaches it.
    const a = await boughtLead(buyer, { sub_service: 'plumbing' });
    const b = await boughtLead(buyer, { sub_service: 'plumbing' });
    const c = await boughtLead(buyer, { sub_service: 'plumbing' });
    const record = async (leadId: string, body: Record<string, unknown>) => {
      const res = await stack.call('update-lead-outcome', { body: { lead_id: leadId, ...body }, token: buyer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    // Contacted is also the first contact (response time) when none was recorded.
    const contacted = await record(a.id, { outcome: 'contacted' });
    expect(contacted).toMatchObject({ success: true, message: 'Marked as contacted.' });
    expect((await record(a.id, { outcome: 'quoted', note: 'Quoted a new condenser' })).outcome).toMatchObject({
      outcome: 'quoted',
      note: 'Quoted a new condenser',
      job_value: null,
    });
    const won = await record(a.id, { outcome: 'won', job_value: '$800' });
    expect(won.message).toBe('Marked as won: $800.00.');
    expect(won.outcome).toMatchObject({ outcome: 'won', job_value: 800, lost_reason: null });
    await record(b.id, { outcome: 'won', job_value: '$1,200' });
    const lost = await record(c.id, {
      outcome: 'lost',
      lost_reason: 'price',
      note: `Call ${a.body.phone} back in spring`,
    });
    expect(lost.message).toBe('Marked as lost (Price too high).');

    // The dashboard's list shows the outcome on each card.
    const list = await stack.call('get-purchased-leads', { token: buyer.token });
    const onCard = list.body.purchased_leads.find((r: { lead_id: string }) => r.lead_id === c.id);
    expect(onCard.outcome).toMatchObject({ outcome: 'lost', lost_reason: 'price' });

    // What the bus carried: the outcome, never the customer's contact nor the buyer's note.
    const envelopes = await leadDb(stack)
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'LeadOutcomeRecorded')
      .where(sql<string>`envelope->'data'->>'contractor_id'`, '=', buyer.id)
      .execute();
    expect(envelopes).toHaveLength(5);
    for (const { envelope } of envelopes) {
      const text = JSON.stringify(envelope);
      for (const secret of [
        a.body.phone,
        b.body.phone,
        c.body.phone,
        'Jane Doe',
        'jane.doe@example.com',
        'condenser',
        'spring',
      ])
        expect(text).not.toContain(secret);
    }

    await waitFor(
      async () => (await walletPurchase(c.id)).outcome === 'lost',
      'wallet-ledger hears the lost job',
      20_000,
    );
    await waitFor(
      async () => (await walletPurchase(b.id)).outcome === 'won',
      'wallet-ledger hears the won job',
      20_000,
    );
    await waitFor(async () => Number((await walletPurchase(a.id)).job_value_cents) === 800_00, 'the $800 job', 20_000);
    expect((await walletPurchase(a.id)).contacted_at).not.toBeNull();

    const price = Number((await walletPurchase(a.id)).price_cents) / 100;
    const spend = price * 3;
    const reports = await stack.call('get-outcome-reports', { token: buyer.token });
    expect(reports.status).toBe(200);
    expect(reports.body.totals).toMatchObject({
      leads_purchased: 3,
      won: 2,
      lost: 1,
      close_rate: 66.67,
      won_value: 2000,
      spend,
      roi_ratio: Math.round((2000 / spend) * 100) / 100,
      net_roi: Math.round(((2000 - spend) / spend) * 10_000) / 100,
    });
    expect(reports.body.by_category).toEqual([
      expect.objectContaining({ category: 'home_services/plumbing', label: 'Plumbing', close_rate: 66.67 }),
    ]);
    expect(reports.body.by_zip).toEqual([expect.objectContaining({ zip_code: '10001', won: 2 })]);
    expect(reports.body.lost_reasons).toEqual([{ reason: 'price', label: 'Price too high', count: 1 }]);
    const metrics = await stack.call('contractor-performance-metrics', { token: buyer.token, query: { days: 30 } });
    expect(metrics.body.metrics).toMatchObject({ close_rate: 66.67, total_revenue: 2000 });

    // The operator sees the category's close rate across contractors, from the same figures.
    const admin = await stack.call('admin-category-outcomes', { token: adminToken });
    expect(admin.status).toBe(200);
    const plumbing = admin.body.categories.find((r: { category: string }) => r.category === 'home_services/plumbing');
    expect(plumbing).toMatchObject({ label: 'Plumbing', won: 2, lost: 1, close_rate: 66.67 });
    expect((await stack.call('admin-category-outcomes', { token: buyer.token })).status).toBe(401);
  });
});
