import { randomUUID } from 'node:crypto';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { AVAILABLE_LEADS_SHOWN, targetsMatch } from '@leadmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { availableCount, availableLeads } from '../src/use-cases/available-leads.js';
import type { MatchingDatabase, MatchingLeadStatus } from '../src/db/database.js';
import { insertContractor, insertLead } from './helpers.js';

// The available-leads list from its one query, against matching's own schema (no stack needed).
let infra: TestInfra;
let db: Kysely<MatchingDatabase>;
const config = { CLAIM_TOKEN_TTL_HOURS: 72 } as Parameters<typeof availableLeads>[1];
const now = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

beforeAll(async () => {
  infra = await createTestInfra();
  await migrateService(infra.database, 'matching', migrations);
  db = infra.database.forService('matching');
});
afterAll(async () => {
  await infra?.cleanup();
});

const contractor = (zips: string[], opts: { deleted?: boolean; sub_service?: string } = {}) =>
  insertContractor(db, zips, { ...opts, profile_at: now });
const lead = (zip: string, over: Parameters<typeof insertLead>[2] = {}) =>
  insertLead(db, zip, { price_cents: 2500, lead_type: 'standard', submitted_at: hoursAgo(1), ...over });

async function offer(leadId: string, contractorId: string, offeredAt = hoursAgo(1)) {
  await db
    .insertInto('offers')
    .values({
      lead_id: leadId,
      contractor_id: contractorId,
      rank: 1,
      claim_token_hash: randomUUID(),
      score: 1,
      offered_at: offeredAt,
      expires_at: new Date(offeredAt.getTime() + 3_600_000),
    })
    .execute();
}

describe('available leads from one query', () => {
  it('lists fitting leads in the contractor ZIPs and leads offered to it, newest first, nothing else', async () => {
    const me = await contractor(['41001', '41002']);
    const fitOld = await lead('41001', { submitted_at: hoursAgo(5) });
    const fitNew = await lead('41002', { submitted_at: hoursAgo(2) });
    const otherTrade = await lead('41001', { sub_service: 'electrical' });
    const offeredElsewhere = await lead('49999', { sub_service: 'roofing', submitted_at: hoursAgo(3) });
    await offer(offeredElsewhere, me, hoursAgo(3));
    const sold = await lead('41001', { status: 'purchased' });
    const tooOld = await lead('41001', { submitted_at: hoursAgo(73) });
    const otherZip = await lead('41003');

    const list = await availableLeads(db, config, me, now);
    expect(list.available_leads.map((l) => l.id)).toEqual([fitNew, offeredElsewhere, fitOld]);
    expect(list.total_available).toBe(3);
    // The first paint's count alone (ADR 0029) counts the same leads: the ZIPs' and the offer outside them.
    expect(await availableCount(db, config, me, now)).toBe(3);
    for (const absent of [otherTrade, sold, tooOld, otherZip])
      expect(list.available_leads.map((l) => l.id)).not.toContain(absent);
    expect(list.available_leads[0]).toEqual({
      id: fitNew,
      service_category: 'home_services',
      sub_service: 'plumbing',
      zip_code: '41002',
      description: 'lead in 41002',
      created_at: hoursAgo(2).toISOString(),
      price: 25,
      lead_type: 'standard',
      phone_confirmed_at: null,
      line_type: null,
      email_present: null,
    });
  });

  it("never shows one contractor's offers to another in the same ZIP of another trade", async () => {
    const me = await contractor(['42001']);
    const neighbour = await contractor(['42001'], { sub_service: 'electrical' });
    const mine = await lead('42001', { sub_service: 'roofing' });
    await offer(mine, me);
    expect((await availableLeads(db, config, me, now)).available_leads.map((l) => l.id)).toEqual([mine]);
    expect((await availableLeads(db, config, neighbour, now)).total_available).toBe(0);
    expect(await availableCount(db, config, neighbour, now)).toBe(0);
    expect(await availableCount(db, config, me, now)).toBe(1);
  });

  it('lists the newest AVAILABLE_LEADS_SHOWN with their descriptions and counts every one in total_available', async () => {
    const me = await contractor(['44001']);
    const extra = 5;
    const ids: string[] = [];
    // Minute by minute: ids[0] is the newest.
    for (let i = 0; i < AVAILABLE_LEADS_SHOWN + extra; i++)
      ids.push(await lead('44001', { submitted_at: hoursAgo(1 + i / 60), description: `job ${i}` }));
    await lead('44001', { sub_service: 'electrical' }); // another trade: neither shown nor counted

    const list = await availableLeads(db, config, me, now);
    expect(list.total_available).toBe(AVAILABLE_LEADS_SHOWN + extra);
    expect(await availableCount(db, config, me, now)).toBe(AVAILABLE_LEADS_SHOWN + extra);
    expect(list.available_leads.map((l) => l.id)).toEqual(ids.slice(0, AVAILABLE_LEADS_SHOWN));
    expect(list.available_leads.map((l) => l.description)).toEqual(
      ids.slice(0, AVAILABLE_LEADS_SHOWN).map((_, i) => `job ${i}`),
    );
  });

  it('matches the trade by the catalogue rule, however the lead spells it', async () => {
    const me = await contractor(['45001'], { sub_service: 'hvac' });
    const shouted = await lead('45001', { service_category: 'HVAC', sub_service: 'AC repair' });
    const spaced = await lead('45001', { service_category: ' Home Services ', sub_service: 'HVAC' });
    await lead('45001', { service_category: 'Plumbing', sub_service: 'hvac' }); // the trade is Plumbing
    const list = await availableLeads(db, config, me, now);
    expect(new Set(list.available_leads.map((l) => l.id))).toEqual(new Set([shouted, spaced]));
    expect(list.total_available).toBe(2);
  });

  it("keeps PostgreSQL's canonical_target the same rule as contracts' targetsMatch", async () => {
    const spellings = [
      ['home_services', 'hvac'],
      ['HVAC', 'AC repair'],
      ['Plumbing', ''],
      ['home', 'Roofing'],
      ['Home Service', 'roofing!'],
      ['Auto', 'Body Shop'],
      ['automotive', 'body_shop'],
      ['legal', ''],
      ['Real Estate', 'Buyers agent'],
      ['real_estate', 'buyers-agent'],
      ['  __Legal__ ', 'Family  Law'],
      ['', 'x'],
    ] as const;
    const sqlTargets = await sql<{ t: string | null }>`select matching.canonical_target(c, s) as t
      from unnest(${spellings.map((p) => p[0])}::text[], ${spellings.map((p) => p[1])}::text[])
      with ordinality as x(c, s, n) order by n`.execute(db);
    const targets = sqlTargets.rows.map((r) => r.t);
    for (const [i, [c1, s1]] of spellings.entries())
      for (const [j, [c2, s2]] of spellings.entries())
        expect([c1, s1, c2, s2, targets[i] !== null && targets[i] === targets[j]]).toEqual([
          c1,
          s1,
          c2,
          s2,
          targetsMatch({ service_category: c1, sub_service: s1 }, { industry: c2, sub_service: s2 }),
        ]);
  });

  it('pages and counts exactly the union of its ZIP branch and its offers, whatever overlaps and ties', async () => {
    // Random leads over its ZIP codes and others, two trades, every status, ages around the window's
    // edge, shared submission times (ties go by id), and offers (some to leads its ZIP branch holds
    // already): the page and the count must be what filtering all of them in code gives.
    let seed = 19;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const zips = ['46001', '46002', '46003'];
    const me = await contractor(zips);
    const leads: Array<{ id: string; zip: string; fits: boolean; status: MatchingLeadStatus; at: Date }> = [];
    for (let i = 0; i < 520; i++) {
      const zip = pick([...zips, '46004', '46005']);
      const fits = random() < 0.7;
      const status = pick<MatchingLeadStatus>([
        'available',
        'available',
        'available',
        'available',
        'purchased',
        'expired',
        'pending_match',
      ]);
      const at = hoursAgo(pick([1, 2, 2, 3, 71.9, 72.1, 80]) + Math.floor(random() * 4) / 60);
      const id = await lead(zip, { sub_service: fits ? 'plumbing' : 'electrical', status, submitted_at: at });
      leads.push({ id, zip, fits, status, at });
    }
    const offered = new Set<string>();
    for (const l of leads)
      if (random() < 0.25) {
        await offer(l.id, me, new Date(l.at.getTime() + 60_000));
        offered.add(l.id);
      }

    const since = hoursAgo(72);
    const expected = leads
      .filter((l) => l.status === 'available' && l.at > since)
      .filter((l) => (zips.includes(l.zip) && l.fits) || offered.has(l.id))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(expected.length).toBeGreaterThan(AVAILABLE_LEADS_SHOWN); // the page is cut, not everything
    const list = await availableLeads(db, config, me, now);
    expect(list.total_available).toBe(expected.length);
    expect(await availableCount(db, config, me, now)).toBe(expected.length);
    expect(list.available_leads.map((l) => l.id)).toEqual(expected.slice(0, AVAILABLE_LEADS_SHOWN).map((l) => l.id));
  });

  it('shows a deleted or unknown contractor only the leads it was offered', async () => {
    const gone = await contractor(['43001'], { deleted: true });
    await lead('43001');
    const offered = await lead('43999');
    await offer(offered, gone);
    expect((await availableLeads(db, config, gone, now)).available_leads.map((l) => l.id)).toEqual([offered]);
    expect(await availableLeads(db, config, randomUUID(), now)).toEqual({ available_leads: [], total_available: 0 });
  });
});
