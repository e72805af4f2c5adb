import { randomUUID } from 'node:crypto';
import type { SpendLimitsSnapshot } from '@leadmarket/contracts';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, realServersConfigured, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_COLUMNS,
  candidateLeadOf,
  candidatesFor,
  toCandidate,
  type CandidateRow,
} from '../src/db/contractors.repository.js';
import type { MatchingDatabase } from '../src/db/database.js';
import { closeLead } from '../src/db/leads.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { insertOffers } from '../src/db/offers.repository.js';
import { recordPricedLead } from '../src/db/pending-leads.repository.js';
import { rankCandidates, type LeadToMatch } from '../src/domain/ranking.js';
import { candidateLimit, pickOfferees } from '../src/use-cases/pick-offerees.js';
import { insertContractor } from './helpers.js';

// PostgreSQL judges a lead's candidates (ZIP, trade, balance) and hands over only the best few by
// ranking's own order; code checks spend caps and ranks those. Whatever the mix of contractors, the
// offers must be exactly those ranking every contractor of the ZIP code in code would give.
let infra: TestInfra;
let db: Kysely<MatchingDatabase>;
const now = new Date('2026-11-25T12:00:00Z');
const OFFERS = 5;

beforeAll(async () => {
  infra = await createTestInfra();
  await migrateService(infra.database, 'matching', migrations);
  db = infra.database.forService('matching');
});
afterAll(async () => {
  await infra?.cleanup();
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const capsOf = (max: number | null, daily: number | null, spentToday = 0): SpendLimitsSnapshot => ({
  daily_cap_cents: daily,
  weekly_cap_cents: null,
  max_lead_price_cents: max,
  spent_today_cents: spentToday,
  spent_this_week_cents: spentToday,
  day_start: '2026-11-25T00:00:00.000Z',
  week_start: '2026-11-23T00:00:00.000Z',
});

async function contractorIn(
  zip: string,
  o: {
    sub_service?: string;
    deleted?: boolean;
    extraZips?: number;
    balance?: number | null;
    limits?: SpendLimitsSnapshot | null;
    offers?: number;
    bought?: number;
    lastOffered?: Date | null;
  },
) {
  const zips = [zip, ...Array.from({ length: o.extraZips ?? 0 }, (_, i) => `9${i}${zip.slice(2)}`)];
  const id = await insertContractor(db, zips, { sub_service: o.sub_service ?? 'plumbing', deleted: o.deleted });
  await db
    .updateTable('contractors')
    .set({ offers_received: o.offers ?? 0, leads_purchased: o.bought ?? 0, last_offered_at: o.lastOffered ?? null })
    .where('contractor_id', '=', id)
    .execute();
  if (o.balance !== null)
    await db
      .insertInto('wallets')
      .values({
        contractor_id: id,
        balance_cents: o.balance ?? 10_000,
        changed_at: now,
        spend_limits: o.limits ? JSON.stringify(o.limits) : null,
        limits_changed_at: o.limits ? now : null,
      })
      .execute();
  return id;
}

/** Every contractor of the ZIP code, unfiltered: what ranking in code alone would be given. */
async function everyoneIn(zip: string) {
  const rows = await db
    .selectFrom('contractors as c')
    .innerJoin('contractor_zips as z', 'z.contractor_id', 'c.contractor_id')
    .leftJoin('wallets as w', 'w.contractor_id', 'c.contractor_id')
    .select(CANDIDATE_COLUMNS)
    .select((eb) =>
      sql<string[]>`array(${eb
        .selectFrom('contractor_zips as s')
        .select('s.zip_code')
        .whereRef('s.contractor_id', '=', 'c.contractor_id')})`.as('zip_codes'),
    )
    .where('z.zip_code', '=', zip)
    .execute();
  return rows.map((r) => toCandidate(r as CandidateRow));
}

async function offereesBoth(zip: string, lead: Omit<LeadToMatch, 'zip_code'>) {
  const toMatch = { ...lead, zip_code: zip };
  const toOffer = { ...toMatch, lead_id: randomUUID(), target: 'home_services/plumbing' };
  const best = await candidatesFor(db, candidateLeadOf(toOffer), { now, limit: candidateLimit(OFFERS) });
  return {
    best,
    sql: await pickOfferees(db, toOffer, best, { offers: OFFERS, now }),
    code: rankCandidates(await everyoneIn(zip), toMatch, OFFERS, now),
  };
}

const plumbing = { service_category: 'home_services', sub_service: 'plumbing' };

describe("a lead's candidates, judged by PostgreSQL and ranked in code", () => {
  it('offers exactly what ranking every contractor of the ZIP code would, for any mix of contractors', async () => {
    const zip = '41001';
    const rnd = random(19);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const offers = Math.floor(rnd() * 12);
      ids.push(
        await contractorIn(zip, {
          sub_service: rnd() < 0.15 ? 'hvac' : 'plumbing',
          deleted: rnd() < 0.08,
          extraZips: pick([0, 0, 1, 3, 8]),
          balance: pick([null, 0, 1500, 2000, 2500, 10_000]),
          limits: pick([null, null, capsOf(1800, null), capsOf(null, 3000, 2500), capsOf(null, 50_000, 0)]),
          offers,
          bought: Math.floor(rnd() * (offers + 1)),
          // Some share a time exactly (ties broken by id), some never offered.
          lastOffered: pick([
            null,
            new Date(now.getTime() - 3_600_000),
            new Date(now.getTime() - rnd() * 200 * 3_600_000),
          ]),
        }),
      );
    }
    for (const price of [100, 1500, 2000, 2500, 9000]) {
      for (const preferred of [null, ids[3]!, ids[40]!, 'someone-else']) {
        const { sql: viaSql, code } = await offereesBoth(zip, {
          ...plumbing,
          price_cents: price,
          preferred_contractor_id: preferred,
        });
        expect(viaSql).toEqual(code);
      }
    }
  });

  it('reads every candidate when spend caps refuse the best few PostgreSQL handed over', async () => {
    const zip = '41002';
    // The best by score (never offered, one ZIP) all refuse a $20 lead by their maximum price.
    for (let i = 0; i < candidateLimit(OFFERS) + 5; i++) await contractorIn(zip, { limits: capsOf(1000, null) });
    const fallback: string[] = [];
    for (let i = 0; i < 7; i++)
      fallback.push(
        await contractorIn(zip, { offers: 10, bought: 1, lastOffered: new Date(now.getTime() - i * 60_000) }),
      );
    const {
      best,
      sql: viaSql,
      code,
    } = await offereesBoth(zip, {
      ...plumbing,
      price_cents: 2000,
      preferred_contractor_id: null,
    });
    expect(best).toHaveLength(candidateLimit(OFFERS));
    expect(best.every((c) => c.spend_limits?.max_lead_price_cents === 1000)).toBe(true);
    expect(viaSql).toEqual(code);
    expect(viaSql.map((r) => r.contractor_id).sort()).toEqual(fallback.slice(2).sort());
  });
});

describe.runIf(realServersConfigured())('a lead closed while its LeadPriced is being handled', () => {
  it('ends closed: the close waits for the uncommitted lead and closes it, never a second open copy', async () => {
    const leadId = randomUUID();
    let inserted!: () => void;
    let commit!: () => void;
    const insertedNow = new Promise<void>((r) => (inserted = r));
    const mayCommit = new Promise<void>((r) => (commit = r));
    const pricing = db.transaction().execute(async (trx) => {
      await recordPricedLead(
        trx,
        {
          lead_id: leadId,
          ...plumbing,
          zip_code: '41003',
          description: 'a leak under the sink',
          urgency: 'Standard',
          preferred_contractor_id: null,
          is_test: false,
          submitted_at: now.toISOString(),
          line_type: null,
          email_present: null,
          phone_confirmed_at: null,
          status: 'pending_match',
          price_cents: 2000,
          lead_type: 'standard',
        },
        { now, limit: 20 },
      );
      inserted();
      await mayCommit;
    });
    await insertedNow;
    const closing = closeLead(db, leadId, 'deleted');
    // The close is waiting on the uncommitted row (a lock wait PostgreSQL shows), not done before it.
    for (;;) {
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like '%"leads"%'`.execute(db);
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    commit();
    await pricing;
    await closing;
    const row = await db
      .selectFrom('leads')
      .select(['status', 'description'])
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deleted', description: '' });
  });
  it('a transaction already holding contractors fails at once for one another holds, instead of waiting (no deadlock)', async () => {
    const zip = '41004';
    const shared = await contractorIn(zip, {});
    const [first, second] = [randomUUID(), randomUUID()];
    for (const id of [first, second])
      await db
        .insertInto('leads')
        .values({
          lead_id: id,
          ...plumbing,
          zip_code: zip,
          description: 'a leak',
          urgency: 'Standard',
          is_test: false,
          status: 'pending_match',
          submitted_at: now,
          price_cents: 2000,
          lead_type: 'standard',
        })
        .execute();
    const offerOf = (leadId: string) => ({
      lead_id: leadId,
      contractor_id: shared,
      rank: 1,
      round: 1,
      claim_token_hash: randomUUID(),
      score: 1,
      offered_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const mayCommit = new Promise<void>((r) => (release = r));
    const other = db.transaction().execute(async (trx) => {
      await insertOffers(trx, [offerOf(first)]);
      held();
      await mayCommit;
    });
    await holding;
    const refused = await insertOffers(db, [offerOf(second)], undefined, { noWait: true }).then(
      () => undefined,
      (err: { code?: string }) => err.code,
    );
    release();
    await other;
    expect(refused).toBe('55P03');
    // Once the other committed, the same offer goes through.
    await insertOffers(db, [offerOf(second)], undefined, { noWait: true });
    const offers = await db.selectFrom('offers').select('lead_id').where('contractor_id', '=', shared).execute();
    expect(offers.map((o) => o.lead_id).sort()).toEqual([first, second].sort());
  });
});
