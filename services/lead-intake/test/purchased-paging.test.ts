import { randomBytes } from 'node:crypto';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { sessionCache } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { service as leadIntake } from '../src/index.js';
import { insertBoughtLead } from './helpers.js';

// get-purchased-leads pages, searches and counts in the database when asked to, and keeps the spec's
// four arrays for callers that pass no paging parameter.
let stack: TestStack;

testStackForFile((started) => (stack = started), { services: [leadIntake] });

async function signedIn() {
  const contractorId = `C-${randomBytes(5).toString('hex').toUpperCase()}`;
  const token = randomBytes(32).toString('base64url');
  await sessionCache(stack.infra.kv).put('contractor', token, contractorId, 3600);
  return { contractorId, token };
}

const bought = (contractorId: string, minutesAgo: number, over: Parameters<typeof insertBoughtLead>[3] = {}) =>
  insertBoughtLead(stack, contractorId, minutesAgo, over);

const page = async (token: string, query: Record<string, string | number>) =>
  stack.call('get-purchased-leads', { token, query });

describe('get-purchased-leads paging', () => {
  it('answers one page of one list, newest first, with the list total and every list size', async () => {
    const c = await signedIn();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(await bought(c.contractorId, i, { channel: i % 3 === 0 ? 'claim' : 'dashboard' }));
    await bought(c.contractorId, 100, { status: 'completed' });
    await bought(c.contractorId, 101, { status: 'archived' });
    await bought(c.contractorId, 102, { status: 'completed', refunded: true, channel: 'claim' });
    await bought('C-SOMEONEELSE', 1);

    const first = await page(c.token, { list: 'purchased', page: 1, limit: 25 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ list: 'purchased', total: 30, page: 1, limit: 25, pages: 2 });
    expect(first.body.leads).toHaveLength(25);
    expect(first.body.leads.map((l: any) => l.lead_id)).toEqual(ids.slice(0, 25));
    expect(first.body.leads[0].status).toBe('purchased');
    expect(first.body.counts).toEqual({ purchased: 30, claimed: 11, completed: 1, archived: 1, refunded: 1 });

    const second = await page(c.token, { list: 'purchased', page: 2 });
    expect(second.body.leads.map((l: any) => l.lead_id)).toEqual(ids.slice(25));

    const refunded = await page(c.token, { list: 'refunded' });
    expect(refunded.body.leads).toHaveLength(1);
    expect(refunded.body.leads[0]).toMatchObject({ status: 'refunded', purchase_channel: 'claim' });
    const claimed = await page(c.token, { list: 'claimed', limit: 100 });
    expect(claimed.body.total).toBe(11);
    expect(claimed.body.leads.every((l: any) => l.purchase_channel === 'claim')).toBe(true);
  });

  it('searches name, ZIP and category in words, literally, in every list', async () => {
    const c = await signedIn();
    await bought(c.contractorId, 1, { name: 'Maria Lopez', zip: '30301', category: 'home_services' });
    await bought(c.contractorId, 2, { name: 'Sam Smith', zip: '10001', category: 'roofing' });
    await bought(c.contractorId, 3, { name: '100% Percy', zip: '10002', category: 'roofing', status: 'archived' });

    const names = async (query: Record<string, string>) =>
      (await page(c.token, query)).body.leads.map((l: any) => l.leads.customer_name);
    expect(await names({ search: 'maria' })).toEqual(['Maria Lopez']);
    expect(await names({ search: '1000' })).toEqual(['Sam Smith']);
    expect(await names({ search: 'Home Services' })).toEqual(['Maria Lopez']);
    expect(await names({ search: 'roofing smith' })).toEqual(['Sam Smith']);
    expect(await names({ search: '100%', list: 'archived' })).toEqual(['100% Percy']);
    expect(await names({ search: '%' })).toEqual([]);
    const none = await page(c.token, { search: 'nobody' });
    expect(none.body).toMatchObject({ total: 0, pages: 1, leads: [] });
    expect(none.body.counts.purchased).toBe(2);
  });

  it("keeps the spec's four arrays without paging parameters, and refuses bad paging in plain words", async () => {
    const c = await signedIn();
    await bought(c.contractorId, 1);
    await bought(c.contractorId, 2, { status: 'completed' });
    const plain = await stack.call('get-purchased-leads', { token: c.token, query: { contractor_id: c.contractorId } });
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body).sort()).toEqual([
      'archived_leads',
      'completed_leads',
      'purchased_leads',
      'refunded_leads',
    ]);
    expect(plain.body.purchased_leads).toHaveLength(1);
    expect(plain.body.completed_leads).toHaveLength(1);

    for (const [query, message] of [
      [{ list: 'sold' }, 'Choose a list: purchased, claimed, completed, archived or refunded'],
      [{ page: 0 }, 'Page must be a whole number from 1'],
      [{ page: 'two' }, 'Page must be a whole number from 1'],
      [{ limit: 1000 }, 'Page size must be a whole number from 1 to 100'],
    ] as const) {
      const res = await page(c.token, query);
      expect(res.status).toBe(400);
      expect(res.body.detail ?? res.body.message).toBe(message);
    }
    expect((await stack.call('get-purchased-leads', { query: { list: 'purchased' } })).status).toBe(401);
  });
});
