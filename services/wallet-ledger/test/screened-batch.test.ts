import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import { buildEnvelope, type BatchConsumerContext, type ConsumerContext, type NewEvent } from '@leadmarket/platform';
import { buildTestApp, testLogger, type TestApp } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { leadScreenedConsumer } from '../src/consumers/lead-screened.consumer.js';
import type { WalletContext } from '../src/context.js';
import type { WalletLedgerDatabase } from '../src/db/database.js';
import { service } from '../src/index.js';

/**
 * LeadScreened's batch handler (one statement fixes the prices of a run of verdicts) has the effect
 * of its one-at-a-time handler on each event in turn: the same rows, the same LeadPriced events.
 */
let app: TestApp<WalletContext>;
let db: Kysely<WalletLedgerDatabase>;

beforeAll(async () => {
  app = await buildTestApp(service, buildApp, { startConsumers: false });
  db = app.ctx.db;
});
afterAll(async () => {
  await app?.close();
});

type Screened = EventData<'LeadScreened'>;
type Emitted = Array<{ source: string; events: NewEvent[] }>;

const screened = (over: Partial<Screened> = {}): EventEnvelope<Screened> => {
  const now = new Date().toISOString();
  return buildEnvelope('screening', {
    type: 'LeadScreened',
    data: {
      lead_id: randomUUID(),
      status: 'valid',
      validation_summary: {
        phone_valid: true,
        email_valid: true,
        content_valid: true,
        is_duplicate: false,
        ip_rate_ok: true,
      },
      reasons: [],
      service_category: 'HVAC',
      sub_service: 'Repair',
      zip_code: '12345',
      urgency: 'Standard',
      description: 'Furnace is out',
      preferred_contractor_id: null,
      customer_fingerprint: `fp-${randomUUID()}`,
      is_test: false,
      submitted_at: now,
      screened_at: now,
      ...over,
    },
  }) as EventEnvelope<Screened>;
};
const rejected = (leadId: string, over: Partial<Screened> = {}) =>
  screened({
    lead_id: leadId,
    status: 'rejected',
    validation_summary: {
      phone_valid: false,
      email_valid: true,
      content_valid: true,
      is_duplicate: false,
      ip_rate_ok: true,
    },
    reasons: ['phone:invalid'],
    ...over,
  });

/** A price written into the catalogue (its version moves), as an admin's change would. */
async function setIndustryPrice(category: string, priceCents: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lead_prices')
      .values({ category, sub_service: '', lead_type: 'standard', price_cents: priceCents, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['category', 'sub_service', 'lead_type']).doUpdateSet({ price_cents: priceCents }))
      .execute();
    await trx
      .insertInto('lead_price_history')
      .values({ category, lead_type: 'standard', old_price_cents: null, new_price_cents: priceCents, admin_id: null })
      .execute();
  });
}

const base = (trx: unknown) => ({
  trx,
  afterCommit: () => {},
  reply: () => {},
  log: testLogger(),
  kv: app.ctx.kv,
  service: app.ctx,
});

const oneAtATime = (events: Array<EventEnvelope<Screened>>, emitted: Emitted) =>
  db.transaction().execute(async (trx) => {
    for (const event of events)
      await leadScreenedConsumer.handle(event, {
        ...base(trx),
        emit: async (written: NewEvent[]) => void emitted.push({ source: event.id, events: written }),
      } as unknown as ConsumerContext<WalletContext>);
  });

const together = (events: Array<EventEnvelope<Screened>>, emitted: Emitted) =>
  db.transaction().execute((trx) =>
    leadScreenedConsumer.handleBatch!(events, {
      ...base(trx),
      emit: async (source: EventEnvelope, written: NewEvent[]) =>
        void emitted.push({ source: source.id, events: written }),
    } as unknown as BatchConsumerContext<WalletContext>),
  );

/**
 * A run with every case of the statement, fresh each time (its own industry, priced by a row of its
 * own): new leads at the default and at an industry price, an emergency, a test lead, a rejection;
 * a lead named twice (valid then rejected: off sale; rejected then valid: stays off); a rejected
 * lead released in the same run; and a lead priced before a price change, screened again in it.
 */
async function scenario() {
  const industry = `BatchTest${randomUUID().slice(0, 8)}`;
  const before = screened({ service_category: industry });
  await oneAtATime([before], []);
  await setIndustryPrice(industry, 3300);
  const [twiceOff, twiceStays, released] = [randomUUID(), randomUUID(), randomUUID()];
  const roles = {
    atDefault: screened(),
    atIndustry: screened({ service_category: industry }),
    emergency: screened({ service_category: industry, urgency: 'Emergency' }),
    testLead: screened({ is_test: true }),
    rejected: rejected(randomUUID()),
    twiceOffFirst: screened({ lead_id: twiceOff, service_category: industry }),
    releasedFirst: rejected(released, { service_category: industry }),
    twiceStaysFirst: rejected(twiceStays),
    twiceOffSecond: rejected(twiceOff, { service_category: industry }),
    twiceStaysSecond: screened({ lead_id: twiceStays }),
    releasedSecond: screened({
      lead_id: released,
      service_category: industry,
      released_at: new Date().toISOString(),
    }),
    pricedBefore: screened({ lead_id: before.data.lead_id, service_category: industry, zip_code: '54321' }),
  };
  const events = Object.values(roles);
  const leadRole = new Map(
    Object.entries(roles).map(([role, e]) => [e.data.lead_id, role.replace(/(First|Second)$/, '')]),
  );
  const eventRole = new Map(Object.entries(roles).map(([role, e]) => [e.id, role]));
  /** What happened, by role: each lead's row and every LeadPriced, in order (the industry's name left out). */
  const outcome = async (emitted: Emitted) => {
    const rows = await db
      .selectFrom('leads')
      .select([
        'lead_id',
        'status',
        'price_cents',
        'lead_type',
        'price_source',
        'price_row',
        'price_version_id',
        'zip_code',
        'is_test',
        'customer_fingerprint',
      ])
      .where(
        'lead_id',
        'in',
        events.map((e) => e.data.lead_id),
      )
      .execute();
    // The catalogue keys an industry in lower case.
    const anonymous = (text: string | null) => text?.replace(new RegExp(industry, 'gi'), 'INDUSTRY');
    return {
      leads: Object.fromEntries(
        rows.map(({ lead_id, price_row, price_version_id, customer_fingerprint, ...row }) => [
          leadRole.get(lead_id),
          {
            ...row,
            price_cents: Number(row.price_cents),
            price_row: anonymous(price_row),
            versioned: price_version_id !== null,
            // The first verdict's fingerprint stays.
            fingerprint: events.findIndex((e) => e.data.customer_fingerprint === customer_fingerprint),
          },
        ]),
      ),
      priced: emitted.flatMap(({ source, events: written }) =>
        written.map((e) => {
          // Times are each scenario's own.
          const { lead_id, priced_at, submitted_at, price_source, ...data } = e.data as EventData<'LeadPriced'>;
          expect(Date.parse(priced_at)).not.toBeNaN();
          expect(submitted_at).toBe(events.find((x) => x.id === source)!.data.submitted_at);
          return {
            source: eventRole.get(source),
            type: e.type,
            lead: leadRole.get(lead_id),
            ...data,
            service_category: anonymous(data.service_category),
            price_source: { ...price_source, category: anonymous(price_source.category) },
          };
        }),
      ),
    };
  };
  return { events, outcome };
}

describe('LeadScreened verdicts that arrive together at wallet-ledger', () => {
  it('fixes the same prices, applies the same verdicts and emits the same LeadPriced as one event at a time', async () => {
    const one = await scenario();
    const emittedOne: Emitted = [];
    await oneAtATime(one.events, emittedOne);
    const run = await scenario();
    const emittedTogether: Emitted = [];
    await together(run.events, emittedTogether);

    const expected = await one.outcome(emittedOne);
    // The scenario means something.
    expect(expected.leads.atDefault).toMatchObject({ status: 'available', price_cents: 2000, price_source: 'default' });
    expect(expected.leads.atIndustry).toMatchObject({ status: 'available', price_cents: 3300, versioned: true });
    expect(expected.leads.twiceOff).toMatchObject({ status: 'rejected', price_cents: 3300 });
    expect(expected.leads.twiceStays).toMatchObject({ status: 'rejected' });
    expect(expected.leads.released).toMatchObject({ status: 'available', price_cents: 3300 });
    // Priced at the default before the industry's price: it keeps it, and takes the new zip code.
    expect(expected.leads.pricedBefore).toMatchObject({ status: 'available', price_cents: 2000, zip_code: '54321' });
    expect(expected.priced.map((p) => p.source)).toEqual([
      'atDefault',
      'atIndustry',
      'emergency',
      'testLead',
      'twiceOffFirst',
      'releasedSecond',
      'pricedBefore',
    ]);
    expect(await run.outcome(emittedTogether)).toEqual(expected);
  });

  it('prices a run again at a price changed behind the kept catalogue', async () => {
    const industry = `BatchTest${randomUUID().slice(0, 8)}`;
    // The catalogue is kept now (this industry at the default) …
    await oneAtATime([screened({ service_category: industry })], []);
    // … and changes in PostgreSQL only, as another instance's write would.
    await setIndustryPrice(industry, 4700);
    const events = [screened({ service_category: industry }), screened({ service_category: industry })];
    const emitted: Emitted = [];
    await together(events, emitted);
    const rows = await db
      .selectFrom('leads')
      .select(['price_cents', 'price_source'])
      .where(
        'lead_id',
        'in',
        events.map((e) => e.data.lead_id),
      )
      .execute();
    expect(rows.map((r) => [Number(r.price_cents), r.price_source])).toEqual([
      [4700, 'industry'],
      [4700, 'industry'],
    ]);
    expect(emitted.map((e) => (e.events[0]!.data as EventData<'LeadPriced'>).price_cents)).toEqual([4700, 4700]);
  });
});
