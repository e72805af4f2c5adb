import { randomUUID } from 'node:crypto';
import { migrateService, type MigrationSet } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateLeadOf, candidatesFor } from '../src/db/contractors.repository.js';
import type { MatchingDatabase } from '../src/db/database.js';
import { closeLead } from '../src/db/leads.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { insertOffers } from '../src/db/offers.repository.js';
import { insertContractor, insertLead } from './helpers.js';

// The ranking's record of a contractor (offers received, the last one, leads bought) lives on its
// row, kept as offers and sales happen, so ranking a lead never reads every offer and lead stored.
let infra: TestInfra;
let db: Kysely<MatchingDatabase>;
const RECORD = '2026_11_25_0100_contractor_offer_stats';

const contractor = (zip: string) => insertContractor(db, [zip], { zip_count: false });
const lead = (zip: string) => insertLead(db, zip, { description: 'a leak' });

const offerOf = (leadId: string, contractorId: string, at: string) => ({
  lead_id: leadId,
  contractor_id: contractorId,
  rank: 1,
  round: 1,
  claim_token_hash: randomUUID(),
  score: 0.5,
  offered_at: at,
  expires_at: new Date(Date.parse(at) + 3_600_000).toISOString(),
});

beforeAll(async () => {
  infra = await createTestInfra();
  // Everything before the record moved onto the row, so the backfill below has offers to count.
  const before: MigrationSet = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < RECORD));
  await migrateService(infra.database, 'matching', before);
  db = infra.database.forService('matching');
});
afterAll(async () => {
  await infra?.cleanup();
});

describe("a contractor's ranking record", () => {
  it('is backfilled from the offers and sales stored before it, then kept by every offer and sale', async () => {
    const me = await contractor('51001');
    const other = await contractor('51001');
    const [a, b, c] = [await lead('51001'), await lead('51001'), await lead('51001')];
    // Stored before the migration: two offers to me, one bought.
    await db
      .insertInto('offers')
      .values([offerOf(a, me, '2026-11-20T10:00:00Z'), offerOf(b, me, '2026-11-21T10:00:00Z')])
      .execute();
    await db.updateTable('leads').set({ status: 'purchased', purchased_by: me }).where('lead_id', '=', a).execute();

    await migrateService(infra.database, 'matching', migrations);
    const plumbingIn51001 = candidateLeadOf({
      zip_code: '51001',
      target: 'home_services/plumbing',
      price_cents: 0,
      preferred_contractor_id: null,
    });
    const record = async (id: string) =>
      (await candidatesFor(db, plumbingIn51001, { now: new Date() })).find((x) => x.contractor_id === id)!;
    expect(await record(me)).toMatchObject({
      offers_received: 2,
      leads_purchased: 1,
      last_offered_at: '2026-11-21T10:00:00.000Z',
    });
    expect(await record(other)).toMatchObject({ offers_received: 0, leads_purchased: 0, last_offered_at: null });

    // A new lead offered to both, then bought by me; a repeated purchase event counts once.
    await insertOffers(db, [offerOf(c, me, '2026-11-22T10:00:00Z'), offerOf(c, other, '2026-11-22T10:00:00Z')]);
    await closeLead(db, c, 'purchased', me);
    await closeLead(db, c, 'purchased', me);
    expect(await record(me)).toMatchObject({
      offers_received: 3,
      leads_purchased: 2,
      last_offered_at: '2026-11-22T10:00:00.000Z',
    });
    expect(await record(other)).toMatchObject({
      offers_received: 1,
      leads_purchased: 0,
      last_offered_at: '2026-11-22T10:00:00.000Z',
    });

    // A sale reported before the lead itself (a tombstone row) still counts, once.
    const early = randomUUID();
    await closeLead(db, early, 'purchased', other);
    await closeLead(db, early, 'purchased', other);
    expect((await record(other)).leads_purchased).toBe(1);
  });

  it('counts one offer a lead when one statement offers a contractor several leads (a run)', async () => {
    const solo = await contractor('51002');
    const [d, e] = [await lead('51002'), await lead('51002')];
    await insertOffers(db, [offerOf(d, solo, '2026-11-23T10:00:01Z'), offerOf(e, solo, '2026-11-23T10:00:00Z')]);
    const plumbingIn51002 = candidateLeadOf({
      zip_code: '51002',
      target: 'home_services/plumbing',
      price_cents: 0,
      preferred_contractor_id: null,
    });
    const record = (await candidatesFor(db, plumbingIn51002, { now: new Date() })).find(
      (x) => x.contractor_id === solo,
    );
    expect(record).toMatchObject({ offers_received: 2, last_offered_at: '2026-11-23T10:00:01.000Z' });
  });
});
