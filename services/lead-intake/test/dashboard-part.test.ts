import { randomUUID } from 'node:crypto';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { callInternal } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { service as leadIntake } from '../src/index.js';
import { leadsPurchasedBy } from '../src/db/lead.repository.js';
import { boughtCounts } from '../src/db/purchased-leads.repository.js';
import { claimedLead } from '../src/domain/lead-views.js';
import { insertBoughtLead, leadDb } from './helpers.js';

// lead-intake's part of the dashboard's first screen (leadDashboard, asked by contractors-dashboard) is
// one statement: it must answer exactly what the Claimed list and the list sizes answer one by one.
let stack: TestStack;
testStackForFile((started) => (stack = started), { services: [leadIntake] });

const bought = (contractorId: string, minutesAgo: number, over: Parameters<typeof insertBoughtLead>[3] = {}) =>
  insertBoughtLead(stack, contractorId, minutesAgo, over);

const part = (contractorId: string) =>
  callInternal(stack.marketplace.clients, 'leadDashboard', { params: { id: contractorId } });

/** What the route answered before it was one statement: the two reads one by one. */
async function oneByOne(contractorId: string) {
  const db = leadDb(stack);
  const [claimed, counts] = await Promise.all([
    leadsPurchasedBy(db, contractorId, 'claim'),
    boughtCounts(db, contractorId),
  ]);
  return JSON.parse(JSON.stringify({ claimed_leads: claimed.map(claimedLead), bought_counts: counts }));
}

describe("lead-intake's part of the dashboard's first screen", () => {
  it('answers the claimed leads, newest first, and every list size, as the separate reads do', async () => {
    const me = `C-${randomUUID().slice(0, 8).toUpperCase()}`;
    const claimed = [
      await bought(me, 1, { channel: 'claim' }),
      await bought(me, 5, { channel: 'claim', status: 'archived' }),
      await bought(me, 9, { channel: 'claim', status: 'completed', refunded: true }),
    ];
    await bought(me, 2);
    await bought(me, 3, { status: 'completed' });
    await bought(me, 4, { status: 'deleted', channel: 'claim' });
    await bought(`C-SOMEONE-ELSE-${randomUUID().slice(0, 4)}`, 1, { channel: 'claim' });

    const answer = await part(me);
    expect(answer.claimed_leads.map((l) => l.id)).toEqual(claimed);
    expect(answer.claimed_leads.map((l) => l.status)).toEqual(['purchased', 'archived', 'refunded']);
    expect(answer.bought_counts).toEqual({ purchased: 2, claimed: 3, completed: 1, archived: 1, refunded: 1 });
    expect(answer).toEqual(await oneByOne(me));
  });

  it('answers every list empty for a contractor who bought nothing', async () => {
    const nobody = `C-${randomUUID().slice(0, 8).toUpperCase()}`;
    const answer = await part(nobody);
    expect(answer).toEqual({
      claimed_leads: [],
      bought_counts: { purchased: 0, claimed: 0, completed: 0, archived: 0, refunded: 0 },
    });
    expect(answer).toEqual(await oneByOne(nobody));
  });

  it('counts every list when nothing was claimed', async () => {
    const me = `C-${randomUUID().slice(0, 8).toUpperCase()}`;
    await bought(me, 1);
    await bought(me, 2, { status: 'archived' });
    const answer = await part(me);
    expect(answer.claimed_leads).toEqual([]);
    expect(answer.bought_counts).toEqual({ purchased: 1, claimed: 0, completed: 0, archived: 1, refunded: 0 });
    expect(answer).toEqual(await oneByOne(me));
  });
});
