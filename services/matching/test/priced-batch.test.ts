import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import { leadPricedData, screenedLeadData, startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import type { BatchConsumerContext, ConsumerContext, NewEvent } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadPricedConsumer } from '../src/consumers/lead-priced.consumer.js';
import type { MatchingContext } from '../src/context.js';
import type { MatchingDatabase } from '../src/db/database.js';
import { service as matching } from '../src/index.js';
import { insertContractor } from './helpers.js';

/**
 * LeadPriced's batch handler (a run of leads stored, ranked in order in code and offered in a few
 * statements, ADR 0052) has the effect of its one-at-a-time handler on each event in turn: the same
 * contractors are offered each lead in the same order, because each lead's ranking sees the offers
 * the run's earlier leads got (fairness), and spend caps send a lead to every candidate alike.
 */
let stack: TestStack;
const db = () => stack.marketplace.services.get('matching')!.ctx.db as Kysely<MatchingDatabase>;
const service = () => stack.marketplace.services.get('matching')!.ctx as MatchingContext;

beforeAll(async () => {
  stack = await startTestStack({ services: [matching], env: { MATCHING_SWEEP_MS: '3600000', OFFERS_PER_LEAD: '2' } });
});
afterAll(async () => {
  await stack?.stop();
});

const zip = () => String(10000 + Math.floor(Math.random() * 89999));
const silent = { info() {}, warn() {}, debug() {}, error() {} } as unknown as ConsumerContext['log'];
class Rollback extends Error {}

/** Contractors of a few ZIP codes, with offer records and caps that make their order matter; the events of one run. */
async function scenario() {
  const [a, b, c] = [zip(), zip(), zip()];
  const names = new Map<string, string>();
  const longAgo = new Date(Date.now() - 100 * 3_600_000);
  const contractor = async (
    name: string,
    zips: string[],
    record: { offers: number; bought: number; last: Date | null; balance: number; maxPrice?: number },
  ) => {
    const id = await insertContractor(db(), zips);
    names.set(id, name);
    await db()
      .updateTable('contractors')
      .set({ offers_received: record.offers, leads_purchased: record.bought, last_offered_at: record.last })
      .where('contractor_id', '=', id)
      .execute();
    await db()
      .insertInto('wallets')
      .values({
        contractor_id: id,
        balance_cents: record.balance,
        changed_at: new Date().toISOString(),
        spend_limits:
          record.maxPrice === undefined
            ? null
            : JSON.stringify({
                daily_cap_cents: null,
                weekly_cap_cents: null,
                max_lead_price_cents: record.maxPrice,
                spent_today_cents: 0,
                spent_this_week_cents: 0,
                day_start: new Date().toISOString(),
                week_start: new Date().toISOString(),
              }),
      })
      .execute();
    return id;
  };
  // Thirty in A (some in B too), with records that tie and differ; never offered or long ago, so a
  // score moves only by this run's offers.
  const inA: string[] = [];
  for (let i = 0; i < 30; i++)
    inA.push(
      await contractor(`a${i}`, i % 4 === 0 ? [a, b] : [a], {
        offers: i % 5,
        bought: i % 3,
        last: i % 2 ? longAgo : null,
        balance: i % 7 === 0 ? 3000 : 5000,
      }),
    );
  // Forty in C (more than a run's list holds): 38 capped below C's price, ranked above the two that
  // are not, so a lead of C reads every candidate.
  for (let i = 0; i < 40; i++)
    await contractor(`c${i}`, [c], {
      offers: i < 38 ? 0 : 20,
      bought: 0,
      last: null,
      balance: 5000,
      ...(i < 38 ? { maxPrice: 2500 } : {}),
    });

  let n = 0;
  const priced = (
    zipCode: string,
    price = 2000,
    over: Partial<EventData<'LeadScreened'>> = {},
    leadId?: string,
  ): EventEnvelope<EventData<'LeadPriced'>> => ({
    id: randomUUID(),
    type: 'LeadPriced',
    version: 1,
    occurred_at: new Date().toISOString(),
    producer: 'wallet-ledger',
    correlation_id: randomUUID(),
    data: leadPricedData(
      screenedLeadData({
        zip_code: zipCode,
        description: `lead ${++n}`,
        ...(leadId ? { lead_id: leadId } : {}),
        ...over,
      }),
      price,
    ),
  });
  const first = priced(a);
  const events = [
    first,
    priced(a),
    priced(c, 2600),
    priced(a),
    priced(b),
    priced(a, 4000),
    priced(c, 2600),
    priced(a, 2000, { preferred_contractor_id: inA[29]! }),
    // The same lead again (another event): it finds the lead stored and changes nothing.
    priced(a, 2000, {}, first.data.lead_id),
    priced(a),
    priced(c, 2600),
    priced(a, 2000, { service_category: 'home_services', sub_service: 'electrical' }),
    priced(b),
    priced(a),
    priced(a, 3000),
    priced(a),
  ];
  const leadIds = [...new Set(events.map((e) => e.data.lead_id))];
  const nameOf = (id: string) => names.get(id) ?? id;

  /** What the run did, by lead in order: its row, its offers, its LeadMatched; and each contractor's record. */
  const outcome = async (trx: Kysely<MatchingDatabase>, emitted: Array<{ source: string; events: NewEvent[] }>) => {
    const leads = await trx
      .selectFrom('leads')
      .select(['lead_id', 'status', 'offer_round', 'price_cents', 'lead_type'])
      .where('lead_id', 'in', leadIds)
      .execute();
    const offers = await trx
      .selectFrom('offers')
      .select(['lead_id', 'contractor_id', 'rank', 'round'])
      .where('lead_id', 'in', leadIds)
      .orderBy('rank')
      .execute();
    const records = await trx
      .selectFrom('contractors')
      .select(['contractor_id', 'offers_received'])
      .where('contractor_id', 'in', [...names.keys()])
      .execute();
    const eventIndex = new Map(events.map((e, i) => [e.id, i]));
    return {
      leads: leadIds.map((id) => ({
        lead: leadIds.indexOf(id),
        row: leads.find((l) => l.lead_id === id),
        offers: offers.filter((o) => o.lead_id === id).map((o) => [nameOf(o.contractor_id), o.rank, o.round]),
      })),
      matched: emitted.flatMap(({ source, events: out }) =>
        out.map((e) => {
          const data = e.data as EventData<'LeadMatched'>;
          return {
            event: eventIndex.get(source),
            type: e.type,
            lead: leadIds.indexOf(data.lead_id),
            price: data.price_cents,
            offers: data.offers.map((o) => [nameOf(o.contractor_id), o.rank, o.round]),
            listed: (data.listed_to ?? []).map(nameOf).sort(),
          };
        }),
      ),
      records: Object.fromEntries(records.map((r) => [nameOf(r.contractor_id), Number(r.offers_received)])),
    };
  };
  return { events, outcome, nameOf };
}

/** Run `fn` in a transaction, keep what it answers and roll everything back. */
async function rolledBack<T>(fn: (trx: Kysely<MatchingDatabase>) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db()
    .transaction()
    .execute(async (trx) => {
      result = await fn(trx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result as T;
}

describe('LeadPriced leads that arrive together', () => {
  it('offers each lead the same contractors, in the same order, as one event at a time', async () => {
    const { events, outcome } = await scenario();
    const oneAtATime = await rolledBack(async (trx) => {
      const emitted: Array<{ source: string; events: NewEvent[] }> = [];
      for (const event of events)
        await leadPricedConsumer.handle(event, {
          trx,
          afterCommit: () => {},
          log: silent,
          kv: undefined as never,
          service: service(),
          emit: async (out) => void emitted.push({ source: event.id, events: out }),
          reply: () => {},
        });
      return outcome(trx, emitted);
    });
    const together = await rolledBack(async (trx) => {
      const emitted: Array<{ source: string; events: NewEvent[] }> = [];
      const ctx: BatchConsumerContext<MatchingContext> = {
        trx,
        afterCommit: () => {},
        log: silent,
        kv: undefined as never,
        service: service(),
        emit: async (source, out) => void emitted.push({ source: source.id, events: out }),
        reply: () => {},
      };
      await leadPricedConsumer.handleBatch!(events, ctx);
      const once = await outcome(trx, emitted);
      // The same leads again (new events, as a republish would bring): stored already, nothing changes.
      await leadPricedConsumer.handleBatch!(
        events.map((e) => ({ ...e, id: randomUUID() })),
        ctx,
      );
      expect(await outcome(trx, emitted)).toEqual(once);
      return once;
    });
    // The scenario means something: leads offered, fairness spread over A's contractors, C's leads
    // sent past their capped best to the two uncapped.
    const offered = oneAtATime.leads.flatMap((l) => l.offers.map((o) => o[0]));
    expect(new Set(offered.filter((n) => String(n).startsWith('a'))).size).toBeGreaterThan(10);
    expect(oneAtATime.leads[2]!.offers.map((o) => o[0]).sort()).toEqual(['c38', 'c39']);
    expect(oneAtATime.matched).toHaveLength(15);
    expect(together).toEqual(oneAtATime);
  });
});
