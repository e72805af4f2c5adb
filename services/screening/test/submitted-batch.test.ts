import { randomInt, randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import {
  buildEnvelope,
  InProcessEventBus,
  RedisKeyValueStore,
  startConsumers,
  type BatchConsumerContext,
  type ConsumerContext,
  type ConsumerDefinition,
  type KeyValueStore,
  type NewEvent,
  type Subscription,
} from '@leadmarket/platform';
import { buildTestApp, testLogger, waitFor, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { leadSubmittedConsumer } from '../src/consumers/lead-submitted.consumer.js';
import { defineScreeningConsumer, type ScreeningContext } from '../src/context.js';
import { service } from '../src/index.js';

/**
 * LeadSubmitted's batch handler (the run's reads of earlier leads in one statement, its verdicts and
 * codes in one statement each) judges each lead of a run as the one-at-a-time handler would, one
 * after the other: a duplicate pair of one run is an original and its duplicate, an address passes
 * its limit at the same lead, and every submit is answered with its own lead's verdict.
 */
let app: TestApp<ScreeningContext>;
const IP_LIMIT = 2;

beforeAll(async () => {
  app = await buildTestApp(service, buildApp, {
    env: { SCREENING_IP_LIMIT: String(IP_LIMIT), SCREENING_IP_WINDOW_SECONDS: '3600' },
    startConsumers: false,
  });
});
afterAll(async () => {
  await app?.close();
});

type Submitted = EventData<'LeadSubmitted'>;

const phone = () => `+1212555${String(randomInt(10_000)).padStart(4, '0')}`;
const submitted = (over: Partial<Submitted> = {}): EventEnvelope<Submitted> =>
  buildEnvelope('lead-intake', {
    type: 'LeadSubmitted',
    data: {
      lead_id: randomUUID(),
      customer_name: 'Sam Rivera',
      phone: phone(),
      email: 'sam.rivera@example.org',
      zip_code: '60601',
      service_category: 'home_services',
      sub_service: `electrical-${randomUUID().slice(0, 6)}`,
      description: 'Two outlets in the living room stopped working after a storm.',
      urgency: 'Emergency',
      preferred_contractor_id: null,
      client_ip_hash: `ip-${randomUUID()}`,
      is_test: false,
      submitted_at: new Date().toISOString(),
      ...over,
    },
  }) as EventEnvelope<Submitted>;

/** What a handler was given to write and answer, by the event it followed. */
interface Effects {
  emitted: Array<{ source: string; events: NewEvent[] }>;
  replies: Array<{ source: string; body: any }>;
}

const handlerContext = (trx: unknown, kv: KeyValueStore, event: EventEnvelope, effects: Effects) =>
  ({
    trx,
    emit: async (events: NewEvent[]) => void effects.emitted.push({ source: event.id, events }),
    reply: (body: unknown) => void effects.replies.push({ source: event.id, body }),
    afterCommit: () => {},
    log: testLogger(),
    kv,
    service: app.ctx,
  }) as unknown as ConsumerContext<ScreeningContext>;

const batchContext = (trx: unknown, kv: KeyValueStore, effects: Effects) =>
  ({
    trx,
    emit: async (source: EventEnvelope, events: NewEvent[]) => void effects.emitted.push({ source: source.id, events }),
    reply: (source: EventEnvelope, body: unknown) => void effects.replies.push({ source: source.id, body }),
    afterCommit: () => {},
    log: testLogger(),
    kv,
    service: app.ctx,
  }) as unknown as BatchConsumerContext<ScreeningContext>;

/** One handler run in its own committed transaction (a lead screened before the run). */
const screenAlone = (event: EventEnvelope<Submitted>) =>
  app.ctx.db
    .transaction()
    .execute((trx) =>
      leadSubmittedConsumer.handle(event, handlerContext(trx, app.ctx.kv, event, { emitted: [], replies: [] })),
    );

/**
 * A run with every case whose verdict depends on the leads before it, fresh each time (its own
 * phones and addresses): an original and its duplicate, a lead whose original was accepted before
 * the run, an address with one lead before the run and two in it (the second past the limit of 2),
 * junk, and an admin's test lead without an address.
 */
async function scenario() {
  const address = `ip-${randomUUID()}`;
  const before = submitted({ client_ip_hash: address });
  await screenAlone(before);
  const twin = submitted();
  const roles = {
    original: twin,
    duplicate: submitted({ phone: twin.data.phone, sub_service: twin.data.sub_service }),
    seenBefore: submitted({ phone: before.data.phone, sub_service: before.data.sub_service }),
    junkPhone: submitted({ phone: '(123) 456-7890' }),
    addressSecond: submitted({ client_ip_hash: address }),
    addressThird: submitted({ client_ip_hash: address }),
    testLead: submitted({ is_test: true, client_ip_hash: null }),
  };
  const events = Object.values(roles);
  const roleOf = new Map(Object.entries(roles).map(([role, e]) => [e.data.lead_id, role]));
  const roleOfEvent = new Map(Object.entries(roles).map(([role, e]) => [e.id, role]));
  /** What happened, by role: the stored verdict and what came with it, what was written and answered. */
  const outcome = async (effects: Effects) => {
    const ids = events.map((e) => e.data.lead_id);
    const db = app.ctx.db;
    const rows = await db
      .selectFrom('screenings')
      .select(['lead_id', 'status', 'phone_valid', 'email_valid', 'content_valid', 'is_duplicate', 'ip_rate_ok'])
      .where('lead_id', 'in', ids)
      .execute();
    const reasons = await db
      .selectFrom('screening_reasons')
      .select(['lead_id', 'code'])
      .where('lead_id', 'in', ids)
      .orderBy('id')
      .execute();
    const fingerprints = await db
      .selectFrom('duplicate_fingerprints')
      .select('lead_id')
      .where('lead_id', 'in', ids)
      .execute();
    const codes = await db.selectFrom('contact_confirmations').select('lead_id').where('lead_id', 'in', ids).execute();
    const stored = Object.fromEntries(
      rows.map(({ lead_id, ...verdict }) => [
        roleOf.get(lead_id),
        {
          ...verdict,
          reasons: reasons.filter((r) => r.lead_id === lead_id).map((r) => r.code),
          fingerprint: fingerprints.some((f) => f.lead_id === lead_id),
          code: codes.some((c) => c.lead_id === lead_id),
        },
      ]),
    );
    return {
      stored,
      // In order: each event's LeadScreened (its verdict) and code, under the event it followed.
      emitted: effects.emitted.flatMap(({ source, events: written }) =>
        written.map((e) => {
          const data = e.data as { lead_id: string; status?: string; validation_summary?: unknown };
          return {
            source: roleOfEvent.get(source),
            type: e.type,
            lead: roleOf.get(data.lead_id),
            status: data.status,
            summary: data.validation_summary,
          };
        }),
      ),
      // Each answer under the event it answers: its own lead, and the verdict stored.
      replies: effects.replies.map(({ source, body }) => ({
        source: roleOfEvent.get(source),
        lead: roleOf.get(body.lead_id),
        status: body.status,
        summary: body.validation_summary,
        reasons: body.reasons,
      })),
    };
  };
  return { events, outcome };
}

/** A Redis client whose connection is gone: every command fails, as when Redis is down. */
async function redisDown(): Promise<KeyValueStore> {
  const down = new RedisKeyValueStore({ url: process.env.REDIS_URL! });
  await down.close();
  return down;
}

describe('LeadSubmitted leads that arrive together', () => {
  it.each([
    { redis: 'up' as const, kv: () => Promise.resolve(app.ctx.kv) },
    { redis: 'down' as const, kv: redisDown },
  ])('judges a run as one lead after the other, Redis $redis', async ({ kv: makeKv }) => {
    const kv = await makeKv();
    const one = await scenario();
    const oneEffects: Effects = { emitted: [], replies: [] };
    await app.ctx.db.transaction().execute(async (trx) => {
      for (const event of one.events)
        await leadSubmittedConsumer.handle(event, handlerContext(trx, kv, event, oneEffects));
    });
    const together = await scenario();
    const togetherEffects: Effects = { emitted: [], replies: [] };
    await app.ctx.db
      .transaction()
      .execute((trx) => leadSubmittedConsumer.handleBatch!(together.events, batchContext(trx, kv, togetherEffects)));

    const expected = await one.outcome(oneEffects);
    // The scenario means something: each case decided by a lead before it, in the run or before it.
    expect(expected.stored.original).toMatchObject({ status: 'valid', fingerprint: true, code: true });
    expect(expected.stored.duplicate).toMatchObject({ status: 'rejected', is_duplicate: true, fingerprint: false });
    expect(expected.stored.seenBefore).toMatchObject({ status: 'rejected', is_duplicate: true });
    expect(expected.stored.junkPhone).toMatchObject({ status: 'rejected', phone_valid: false, code: false });
    expect(expected.stored.addressSecond).toMatchObject({ status: 'valid', ip_rate_ok: true });
    expect(expected.stored.addressThird).toMatchObject({ status: 'rejected', ip_rate_ok: false });
    expect(expected.stored.testLead).toMatchObject({ status: 'valid', code: false });
    // Every event answered once, with its own lead.
    const roles = ['original', 'duplicate', 'seenBefore', 'junkPhone', 'addressSecond', 'addressThird', 'testLead'];
    expect(expected.replies.map((r) => [r.source, r.lead])).toEqual(roles.map((role) => [role, role]));
    expect(await together.outcome(togetherEffects)).toEqual(expected);
  });
});

describe('LeadSubmitted runs through the consumer runner, with requests waiting for their verdicts', () => {
  let bus: InProcessEventBus;
  let subscription: Subscription | undefined;

  beforeAll(() => {
    bus = new InProcessEventBus();
  });
  afterEach(async () => {
    await subscription?.close();
    subscription = undefined;
  });
  afterAll(async () => {
    await bus.close();
  });

  /**
   * Publish `events` as requests while the consumer is away, then start it: they reach it in one
   * turn, so one batch. Returns the runs its batch handler got, and the answers by correlation id.
   */
  const consumeAsRequests = async (queue: string, events: Array<EventEnvelope<Submitted>>) => {
    const runs: string[][] = [];
    const answers = new Map<string, any[]>();
    const stopListening = bus.onReply(({ correlationId, body }) =>
      answers.set(correlationId, [...(answers.get(correlationId) ?? []), body]),
    );
    const start = () =>
      startConsumers({
        database: app.infra.database,
        service: 'screening',
        bus,
        logger: testLogger(),
        queue,
        kv: app.ctx.kv,
        context: app.ctx,
        batchSize: 16,
        concurrentBatches: 1,
        maxAttempts: 2,
        consumers: [
          defineScreeningConsumer({
            ...leadSubmittedConsumer,
            async handleBatch(run, ctx) {
              runs.push(run.map((e) => e.id));
              await leadSubmittedConsumer.handleBatch!(run, ctx);
            },
          }),
        ] as ConsumerDefinition[],
      });
    await (await start())!.close();
    // Each request's correlation id is its own (not the event's), as leads-submit's are.
    const correlation = new Map(events.map((e) => [e.id, `submit-${randomUUID()}`]));
    for (const e of events) await bus.publish(e, { requests: correlation });
    subscription = await start();
    return { runs, answers, correlation, stopListening };
  };

  it('answers each request of one run with its own lead verdict, a duplicate pair as original and duplicate', async () => {
    const queue = `${app.infra.namespace}.screening-batch-answers`;
    const twin = submitted();
    const events = [
      submitted(),
      twin,
      submitted({ phone: '(123) 456-7890' }),
      submitted({ phone: twin.data.phone, sub_service: twin.data.sub_service }),
      submitted(),
    ];
    const { runs, answers, correlation, stopListening } = await consumeAsRequests(queue, events);
    try {
      await waitFor(() => answers.size === events.length, 'every request answered', 20_000);
      // All five went to the batch handler at once.
      expect(runs).toEqual([events.map((e) => e.id)]);
      const answerOf = (e: EventEnvelope<Submitted>) => {
        const bodies = answers.get(correlation.get(e.id)!)!;
        expect(bodies).toHaveLength(1);
        return bodies[0];
      };
      expect(events.map((e) => answerOf(e).lead_id)).toEqual(events.map((e) => e.data.lead_id));
      expect(events.map((e) => answerOf(e).status)).toEqual(['valid', 'valid', 'rejected', 'rejected', 'valid']);
      expect(answerOf(events[3]!).validation_summary).toMatchObject({ is_duplicate: true, phone_valid: true });
      // Each answer is the verdict stored for its lead.
      const stored = await app.ctx.db
        .selectFrom('screenings')
        .select(['lead_id', 'status', 'is_duplicate'])
        .where(
          'lead_id',
          'in',
          events.map((e) => e.data.lead_id),
        )
        .execute();
      for (const e of events)
        expect(stored.find((s) => s.lead_id === e.data.lead_id)).toMatchObject({
          status: answerOf(e).status,
          is_duplicate: answerOf(e).validation_summary.is_duplicate,
        });
    } finally {
      stopListening();
    }
  });

  it('poison in a run: it is dead-lettered alone; every other request is answered with its own verdict', async () => {
    const queue = `${app.infra.namespace}.screening-batch-poison`;
    // A lead screened already, submitted again under another event id: its verdict cannot be stored twice.
    const screened = submitted();
    await screenAlone(screened);
    const poison = submitted({ ...screened.data, phone: phone(), sub_service: `x-${randomUUID().slice(0, 6)}` });
    const twin = submitted();
    const good = [twin, submitted({ phone: twin.data.phone, sub_service: twin.data.sub_service }), submitted()];
    const events = [good[0]!, poison, good[1]!, good[2]!];
    const { runs, answers, correlation, stopListening } = await consumeAsRequests(queue, events);
    try {
      const dead = await waitFor(
        async () => {
          const letters = await bus.takeDeadLetters(queue);
          return letters.length ? letters : undefined;
        },
        'the poison event dead-lettered',
        20_000,
      );
      expect(dead.map((d) => JSON.parse(d.body).id)).toEqual([poison.id]);
      await waitFor(() => good.every((e) => answers.has(correlation.get(e.id)!)), 'the good requests answered', 20_000);
      // The poison reached the batch handler with its neighbours, and sank none of them.
      expect(runs[0]).toEqual(events.map((e) => e.id));
      expect(answers.has(correlation.get(poison.id)!)).toBe(false);
      const answerOf = (e: EventEnvelope<Submitted>) => answers.get(correlation.get(e.id)!)!;
      for (const e of good) expect(answerOf(e).map((a) => a.lead_id)).toEqual([e.data.lead_id]);
      expect(good.map((e) => answerOf(e)[0].status)).toEqual(['valid', 'rejected', 'valid']);
      expect(answerOf(good[1]!)[0].validation_summary.is_duplicate).toBe(true);
      // The poison's lead keeps the verdict it had.
      const verdicts = await app.ctx.db
        .selectFrom('screenings')
        .select('lead_id')
        .where('lead_id', '=', screened.data.lead_id)
        .execute();
      expect(verdicts).toHaveLength(1);
    } finally {
      stopListening();
    }
  });
});
