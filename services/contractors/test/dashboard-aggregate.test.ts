import { randomInt, randomUUID } from 'node:crypto';
import {
  publishScreenedLead,
  signUpFundedContractor,
  uniqueZip,
  type TestStack,
  testStackForFile,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';

// contractors-dashboard through the gateway with the whole marketplace: the one call of the
// dashboard's first paint answers what the separate calls answer, and only for the caller.
let stack: TestStack;
testStackForFile((started) => (stack = started));

const plumber = (zip: string) => signUpFundedContractor(stack, { sub_service: 'plumbing', zip_codes: zip });

/** A real lead through leads-submit (lead-intake owns it, so the sale reaches the bought lists). */
async function submitLead(zip: string, description: string) {
  const tag = randomUUID().slice(0, 8);
  const res = await stack.call('leads-submit', {
    body: {
      customer_name: 'Bob Jones',
      phone: `(617) 555-${String(randomInt(100, 10_000)).padStart(4, '0')}`,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'plumbing',
      description,
      email: `bob.${tag}@example.com`,
    },
  });
  expect(res.body.status).toBe('valid');
  return res.body.lead_id as string;
}

const get = (name: string, c: { id: string; token: string }, query: Record<string, string | number> = {}) =>
  stack.call(name, { token: c.token, query: { contractor_id: c.id, ...query } });

describe('contractors-dashboard: the first screen in one call', () => {
  it('answers every part the first screen shows, each equal to the call that serves it alone', async () => {
    const zip = uniqueZip('5');
    const me = await plumber(zip);
    const bought = await submitLead(zip, 'Burst pipe in the basement, water everywhere.');
    const open = await submitLead(zip, 'Dripping tap in the upstairs bathroom.');
    await waitFor(
      async () => (await get('contractors-available-leads', me)).body.total_available === 2,
      'both leads available',
      15_000,
    );
    const purchase = await stack.call('purchase-lead', {
      token: me.token,
      body: { lead_id: bought, contractor_id: me.id, session_token: me.token },
    });
    expect(purchase.status).toBe(200);
    // lead-intake and matching learn of the sale from LeadPurchased.
    await waitFor(
      async () =>
        (await get('get-purchased-leads', me, { list: 'purchased', page: 1, limit: 1 })).body.counts?.purchased === 1 &&
        (await get('contractors-available-leads', me)).body.total_available === 1,
      'the sale seen by lead-intake and matching',
      15_000,
    );

    const dash = await get('contractors-dashboard', me);
    expect(dash.status).toBe(200);
    const d = dash.body;
    expect(d.missing).toBeUndefined();
    expect(d.warning).toBeUndefined();
    expect(d.contractor).toMatchObject({ id: me.id, sub_service: 'plumbing', zip_codes: [zip] });
    expect(d.wallet_balance).toBe(purchase.body.new_wallet_balance);
    // The Available tab's count, not its cards (ADR 0029): the count of the list the tab then shows.
    const list = (await get('contractors-available-leads', me)).body;
    expect(list.available_leads.map((l: { id: string }) => l.id)).toEqual([open]);
    expect(d.total_available).toBe(1);
    expect(d.total_available).toBe(list.total_available);
    expect(d).not.toHaveProperty('available');
    expect(d.bought_counts).toEqual(
      (await get('get-purchased-leads', me, { list: 'purchased', page: 1, limit: 1 })).body.counts,
    );
    expect(d.bought_counts.purchased).toBe(1);
    expect(d.history_total).toBe(1);
    expect(d.history_total).toBe(
      (await get('get-lead-purchase-history', me, { page: 1, limit: 25 })).body.pagination.total_records,
    );
    const { success: _success, ...autoReload } = (await get('auto-reload-settings', me)).body;
    expect(d.auto_reload).toEqual(autoReload);
    expect(d.metrics).toEqual((await get('contractor-performance-metrics', me, { days: 30 })).body);
    expect(d.metrics.metrics.leads_purchased).toBe(1);
    expect(d.gamification).toEqual((await get('gamification-scoring', me)).body.gamification);
    expect(d.gamification.total_leads).toBe(1);
    expect(d.claimed_leads).toEqual([]);
  });

  it("shows each contractor only their own data, and refuses another contractor's id or no session", async () => {
    const zip = uniqueZip('5');
    const me = await plumber(zip);
    const neighbour = await plumber(uniqueZip('5'));
    const lead = await publishScreenedLead(stack, { zip_code: zip });
    await waitFor(
      async () => (await get('contractors-available-leads', me)).body.total_available === 1,
      'my lead available',
      15_000,
    );

    const theirs = (await get('contractors-dashboard', neighbour)).body;
    expect(theirs.contractor.id).toBe(neighbour.id);
    expect(theirs.total_available).toBe(0);
    expect((await get('contractors-dashboard', me)).body.total_available).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain(lead.lead_id);
    expect(JSON.stringify(theirs)).not.toContain(me.id);

    // The neighbour's session asking for my dashboard, and no session at all.
    const asMe = await stack.call('contractors-dashboard', {
      token: neighbour.token,
      query: { contractor_id: me.id },
    });
    expect(asMe.status).toBe(403);
    expect(JSON.stringify(asMe.body)).not.toContain(lead.lead_id);
    expect((await stack.call('contractors-dashboard', { query: { contractor_id: me.id } })).status).toBe(401);
  });
});
