import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, ServiceName } from '@leadmarket/contracts';
import {
  appendToOutbox,
  buildEnvelope,
  defineConsumer,
  InProcessEventBus,
  migrateService,
  OutboxRelay,
  RabbitMqEventBus,
  startConsumers,
  type BatchConsumerContext,
  type EventBus,
  type Subscription,
} from '@leadmarket/platform';
import {
  createTestInfra,
  realServersConfigured,
  TcpProxy,
  testLogger,
  waitFor,
  type TestInfra,
} from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const PRODUCER = 'batch-test-producer' as ServiceName;
const CONSUMER = 'batch-test-consumer' as ServiceName;
const logger = testLogger();

/** A bus the test can cut off from its broker (RabbitMQ through a loopback proxy), or the in-process one. */
interface Broker {
  name: string;
  bus: EventBus;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

const brokers: Array<{ name: string; make: (namespace: string) => Promise<Broker> }> = [
  {
    name: 'in-process',
    make: async () => {
      const bus = new InProcessEventBus();
      return {
        name: 'in-process',
        bus,
        cut: async () => bus.setAvailable(false),
        restore: async () => bus.setAvailable(true),
        close: () => bus.close(),
      };
    },
  },
];
if (realServersConfigured()) {
  brokers.push({
    name: 'rabbitmq',
    make: async (namespace) => {
      const target = new URL(process.env.AMQP_URL!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
      target.host = `127.0.0.1:${await proxy.start()}`;
      const bus = await RabbitMqEventBus.connect({ url: target.toString(), namespace, logger });
      return {
        name: 'rabbitmq',
        bus,
        cut: () => proxy.cut(),
        restore: () => proxy.restore(),
        close: async () => {
          await proxy.restore().catch(() => {});
          await bus.deleteTopology().catch(() => {});
          await bus.close();
          await proxy.close();
        },
      };
    },
  });
}

const completed = (contractor = 'C-1') =>
  buildEnvelope(PRODUCER, {
    type: 'LeadCompleted',
    data: { lead_id: randomUUID(), completed_at: new Date().toISOString(), contractor_id: contractor },
  });

describe.each(brokers)('consumer batches and the after-commit relay: $name', ({ name, make }) => {
  let infra: TestInfra;
  let broker: Broker;
  let consumerDb: Kysely<any>;
  let producerDb: Kysely<any>;
  let subscription: Subscription | undefined;
  let relay: OutboxRelay | undefined;

  beforeAll(async () => {
    infra = await createTestInfra(logger);
    broker = await make(`${infra.namespace}${name.slice(0, 2)}`);
    await migrateService(infra.database, PRODUCER, {});
    await migrateService(infra.database, CONSUMER, {
      '2026_11_23_0000_effects': {
        up: (db) =>
          db.schema.createTable('effects').addColumn('lead_id', 'text').addColumn('event_id', 'text').execute(),
      },
    });
    consumerDb = infra.database.forService(CONSUMER);
    producerDb = infra.database.forService(PRODUCER);
  });
  afterEach(async () => {
    await subscription?.close();
    subscription = undefined;
    await relay?.stop();
    relay = undefined;
  });
  afterAll(async () => {
    await broker.close();
    await infra.cleanup();
  });

  const effectsOf = async (events: EventEnvelope[]) => {
    const rows = (await consumerDb
      .selectFrom('effects')
      .select('event_id')
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute()) as Array<{ event_id: string }>;
    return rows.map((r) => r.event_id);
  };

  /** Consumers of LeadCompleted that write one effect row per event; `transactions` maps each handled event to its transaction. */
  const consume = async (
    queue: string,
    options: {
      batchSize?: number;
      concurrentBatches?: number;
      gate?: (event: EventEnvelope) => Promise<void>;
      /** Also declare a batch handler (one statement for a run of events); its runs are recorded in `runs`. */
      batched?: boolean;
      /** Declare the consumer 'transaction-only' (inbox rows after the handler, with the outbox rows). */
      transactionOnly?: boolean;
      /** The handler reads this key of `ctx.kv`; each call's outcome is recorded in `kvCalls`. */
      kvKey?: string;
    } = {},
  ) => {
    const kvCalls: string[] = [];
    const transactions = new Map<string, Set<unknown>>();
    const entered: string[] = [];
    // Whether the event's inbox row was there when its handler ran.
    const inboxBefore = new Map<string, boolean>();
    const runs: string[][] = [];
    // Every delivery as it reaches the runner, before any batch of it starts.
    const delivered: string[] = [];
    const bus = broker.bus;
    subscription = await startConsumers({
      database: infra.database,
      service: CONSUMER,
      bus: {
        publish: (envelope) => bus.publish(envelope),
        takeDeadLetters: (q, max) => bus.takeDeadLetters(q, max),
        depth: (q) => bus.depth(q),
        ping: () => bus.ping(),
        close: () => bus.close(),
        subscribe: (spec, handler) =>
          bus.subscribe(spec, (envelope, info) => {
            delivered.push(envelope.id);
            return handler(envelope, info);
          }),
      },
      logger,
      queue,
      kv: infra.kv,
      maxAttempts: 3,
      batchSize: options.batchSize ?? 10,
      concurrentBatches: options.concurrentBatches,
      consumers: [
        defineConsumer({
          event: 'LeadCompleted',
          ...(options.transactionOnly && { effects: 'transaction-only' as const }),
          async handle(event, { trx, emit, kv }) {
            entered.push(event.id);
            if (options.kvKey)
              kvCalls.push(
                await kv.get(options.kvKey).then(
                  () => 'answered',
                  () => 'refused',
                ),
              );
            if (!transactions.has(event.id)) transactions.set(event.id, new Set());
            transactions.get(event.id)!.add(trx);
            const inbox = await trx.selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute();
            inboxBefore.set(event.id, inbox.length > 0);
            await options.gate?.(event);
            if (event.data.contractor_id === 'poison')
              throw new Error('business rule: this contractor cannot complete');
            await trx.insertInto('effects').values({ lead_id: event.data.lead_id, event_id: event.id }).execute();
            // A follow-up naming the event's lead: its outbox rows count how often the event was handled.
            await emit([
              {
                type: 'LeadArchived',
                data: {
                  lead_id: event.data.lead_id,
                  contractor_id: event.data.contractor_id,
                  archived_at: event.occurred_at,
                },
              },
            ]);
          },
          ...(options.batched && {
            async handleBatch(events: Array<EventEnvelope<EventData<'LeadCompleted'>>>, { trx }: BatchConsumerContext) {
              runs.push(events.map((e) => e.id));
              for (const event of events) {
                entered.push(event.id);
                if (!transactions.has(event.id)) transactions.set(event.id, new Set());
                transactions.get(event.id)!.add(trx);
              }
              await options.gate?.(events[0]!);
              if (events.some((e) => e.data.contractor_id === 'poison'))
                throw new Error('business rule: this contractor cannot complete');
              await trx
                .insertInto('effects')
                .values(events.map((e) => ({ lead_id: e.data.lead_id, event_id: e.id })))
                .execute();
            },
          }),
        }),
      ],
    });
    return { transactions, entered, delivered, runs, inboxBefore, kvCalls };
  };

  /** Queue `events` while the consumer is away, so they reach it together (one batch) when it returns. */
  const queueWhileAway = async (queue: string, events: EventEnvelope[]) => {
    await consume(queue);
    await subscription!.close();
    subscription = undefined;
    for (const e of events) await broker.bus.publish(e);
  };

  it('an event of a retired type still bound and in flight is acknowledged, not dead-lettered', async () => {
    const queue = `${infra.namespace}.${name}.retired`;
    // A binding left by an older version that consumed a type the contracts no longer name.
    const older = await broker.bus.subscribe({ queue, eventTypes: ['RetiredForTest'], maxAttempts: 3 }, async () => {
      throw new Error('the older consumer is gone');
    });
    await older.close();
    await consume(queue);
    const retired = { ...completed(), type: 'RetiredForTest' } as unknown as EventEnvelope;
    const after = completed();
    await broker.bus.publish(retired);
    await broker.bus.publish(after);
    await waitFor(async () => (await effectsOf([after])).length === 1, 'the event after it applied', 20_000);
    await waitFor(async () => (await broker.bus.depth(queue)).messages === 0, 'the queue drained', 20_000);
    expect(await broker.bus.takeDeadLetters(queue)).toEqual([]);
  });

  it('poison in a batch of 10: the 9 others applied exactly once, the poison alone dead-lettered with its reason', async () => {
    const queue = `${infra.namespace}.${name}.poison`;
    const good = Array.from({ length: 9 }, () => completed());
    const poison = completed('poison');
    const events = [...good.slice(0, 4), poison, ...good.slice(4)];
    await queueWhileAway(queue, events);
    // The first batch is held open until all ten have reached the runner, and one batch at a time:
    // the events that did not make the first batch go together in the next one. Without the hold a
    // busy machine's broker can hand them over a few per turn, and the poison could start a batch alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    let holding = true;
    const { transactions, delivered } = await consume(queue, {
      concurrentBatches: 1,
      gate: () => {
        if (!holding) return Promise.resolve();
        holding = false;
        return held;
      },
    });
    await waitFor(async () => delivered.length >= events.length, 'all ten delivered', 20_000);
    release();
    const dead = await waitFor(
      async () => {
        const letters = await broker.bus.takeDeadLetters(queue);
        return letters.length ? letters : undefined;
      },
      'the poison event dead-lettered',
      20_000,
    );
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.body).id).toBe(poison.id);
    expect(dead[0]!.reason).toBe('business rule: this contractor cannot complete');
    await waitFor(async () => (await effectsOf(good)).length === 9, 'the nine good effects', 10_000);
    const effects = await effectsOf(events);
    expect(effects.sort()).toEqual(good.map((e) => e.id).sort());
    // The poison really shared a transaction with good events (it was batched), and sank none of them.
    const poisonTransactions = transactions.get(poison.id)!;
    const neighbours = good.filter((e) => [...transactions.get(e.id)!].some((t) => poisonTransactions.has(t)));
    expect(neighbours.length).toBeGreaterThan(0);
  });

  /** Consume `events` queued while away as one batch behind a first one held open until all reached the runner. */
  const consumeHeld = async (
    queue: string,
    events: EventEnvelope[],
    options: { batched?: boolean; transactionOnly?: boolean } = {},
  ) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    let holding = true;
    const consumed = await consume(queue, {
      ...options,
      concurrentBatches: 1,
      gate: () => {
        if (!holding) return Promise.resolve();
        holding = false;
        return held;
      },
    });
    await waitFor(async () => consumed.delivered.length >= events.length, 'all delivered', 20_000);
    release();
    return consumed;
  };

  /**
   * Five events handled, then the five again (an ack lost with its connection) between five new
   * ones, consumed behind a held first batch; returns once the new five applied and the queue drained.
   */
  const redeliveredAmongNew = async (queue: string, options: { batched?: boolean; transactionOnly?: boolean }) => {
    const old = Array.from({ length: 5 }, () => completed());
    await queueWhileAway(queue, old);
    await consume(queue, options);
    await waitFor(async () => (await effectsOf(old)).length === 5, 'the first five applied', 10_000);
    await subscription!.close();
    subscription = undefined;
    const fresh = Array.from({ length: 5 }, () => completed());
    const events = fresh.flatMap((e, i) => [e, old[i]!]);
    for (const e of events) await broker.bus.publish(e);
    const consumed = await consumeHeld(queue, events, options);
    await waitFor(async () => (await effectsOf(fresh)).length === 5, 'the five new applied', 10_000);
    await waitFor(async () => (await broker.bus.depth(queue)).messages === 0, 'the queue drained', 20_000);
    return { old, fresh, events, ...consumed };
  };

  it('a batch handler gets the new events of a batch together, never one the inbox already holds', async () => {
    const queue = `${infra.namespace}.${name}.batch-handler-dupes`;
    const { old, fresh, events, runs, entered } = await redeliveredAmongNew(queue, { batched: true });
    // Each effect exactly once; no redelivered event reached either handler.
    expect((await effectsOf(events)).sort()).toEqual([...old, ...fresh].map((e) => e.id).sort());
    expect(entered.sort()).toEqual(fresh.map((e) => e.id).sort());
    // The new ones behind the held first went to the batch handler together, in delivery order.
    const together = runs.find((r) => r.length > 1);
    expect(together).toBeDefined();
    expect(together).toEqual(fresh.map((e) => e.id).filter((id) => together!.includes(id)));
  });

  it('poison in a run of a batch handler: it fails alone, dead-lettered; the others applied exactly once', async () => {
    const queue = `${infra.namespace}.${name}.batch-handler-poison`;
    const good = Array.from({ length: 9 }, () => completed());
    const poison = completed('poison');
    const events = [...good.slice(0, 4), poison, ...good.slice(4)];
    await queueWhileAway(queue, events);
    const { runs } = await consumeHeld(queue, events, { batched: true });
    const dead = await waitFor(
      async () => {
        const letters = await broker.bus.takeDeadLetters(queue);
        return letters.length ? letters : undefined;
      },
      'the poison event dead-lettered',
      20_000,
    );
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.body).id).toBe(poison.id);
    expect(dead[0]!.reason).toBe('business rule: this contractor cannot complete');
    await waitFor(async () => (await effectsOf(good)).length === 9, 'the nine good effects', 10_000);
    expect((await effectsOf(events)).sort()).toEqual(good.map((e) => e.id).sort());
    // The poison really reached the batch handler with good neighbours, and sank none of them.
    expect(runs.some((r) => r.includes(poison.id) && r.length > 1)).toBe(true);
  });

  it('one batch in flight: deliveries that arrive while it is open wait, and go together once it commits', async () => {
    const queue = `${infra.namespace}.${name}.one-in-flight`;
    const [first, second, third] = [completed(), completed(), completed()];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { transactions, entered, delivered } = await consume(queue, {
      concurrentBatches: 1,
      gate: (event) => (event.id === first.id ? held : Promise.resolve()),
    });
    // Released on failure too, so a failing run does not hold its consumer open until the timeout.
    onTestFinished(() => release());
    await broker.bus.publish(first);
    await waitFor(async () => entered.includes(first.id), 'the first batch open');
    // Each of the next two reaches the runner while the first batch is open: with a second batch
    // allowed, the second would have started alone as soon as it arrived.
    await broker.bus.publish(second);
    await waitFor(async () => delivered.includes(second.id), 'the second delivered');
    // One turn of the event loop: the runner starts a batch in the turn after a delivery (the
    // in-process bus delivers inside publish, so without it the third would join the second anyway).
    await new Promise<void>((resolve) => setImmediate(resolve));
    await broker.bus.publish(third);
    await waitFor(async () => delivered.includes(third.id), 'the third delivered');
    expect(entered).toEqual([first.id]);
    release();
    await waitFor(async () => (await effectsOf([first, second, third])).length === 3, 'all three applied');
    // The same transaction object (identity: two Kysely transactions are deeply equal), not the first's.
    const [one] = transactions.get(first.id)!;
    const [two] = transactions.get(second.id)!;
    const [three] = transactions.get(third.id)!;
    expect(three).toBe(two);
    expect(two).not.toBe(one);
  });

  it('a committed batch delivered again applies nothing twice', async () => {
    const queue = `${infra.namespace}.${name}.redelivery`;
    const events = Array.from({ length: 10 }, () => completed());
    await queueWhileAway(queue, events);
    const { entered, inboxBefore } = await consume(queue, { concurrentBatches: 1 });
    await waitFor(async () => (await effectsOf(events)).length === 10, 'the first delivery applied', 10_000);
    // Not declared 'transaction-only': the inbox rows are written before the handler runs.
    expect(events.map((e) => inboxBefore.get(e.id))).toEqual(events.map(() => true));
    // The same ten again (as after an ack lost with its connection), then a sentinel behind them.
    for (const e of events) await broker.bus.publish(e);
    const sentinel = completed();
    await broker.bus.publish(sentinel);
    await waitFor(async () => (await effectsOf([sentinel])).length === 1, 'the sentinel after the redelivery', 10_000);
    expect((await effectsOf(events)).sort()).toEqual(events.map((e) => e.id).sort());
    // The redelivered events reached the consumer and its inbox skipped them: their handler never ran again.
    expect(entered.filter((id) => id !== sentinel.id).sort()).toEqual(events.map((e) => e.id).sort());
  });

  /** The consumer's outbox rows following `events` (one LeadArchived per handling of each). */
  const followUpsOf = async (events: EventEnvelope<EventData<'LeadCompleted'>>[]) => {
    const rows = (await consumerDb
      .selectFrom('outbox')
      .select(sql<string>`envelope->'data'->>'lead_id'`.as('lead_id'))
      .where(
        sql<string>`envelope->'data'->>'lead_id'`,
        'in',
        events.map((e) => e.data.lead_id),
      )
      .execute()) as Array<{ lead_id: string }>;
    return rows.map((r) => r.lead_id);
  };

  const inboxOf = async (events: EventEnvelope[]) =>
    (
      (await consumerDb
        .selectFrom('inbox')
        .select('event_id')
        .where(
          'event_id',
          'in',
          events.map((e) => e.id),
        )
        .execute()) as Array<{ event_id: string }>
    ).map((r) => r.event_id);

  it('transaction-only: the handler runs before the inbox rows, written after it with the outbox rows', async () => {
    const queue = `${infra.namespace}.${name}.inbox-last`;
    const events = Array.from({ length: 5 }, () => completed());
    await queueWhileAway(queue, events);
    const { inboxBefore } = await consumeHeld(queue, events, { transactionOnly: true });
    await waitFor(async () => (await effectsOf(events)).length === 5, 'the five applied', 10_000);
    expect(events.map((e) => inboxBefore.get(e.id))).toEqual(events.map(() => false));
    expect((await inboxOf(events)).sort()).toEqual(events.map((e) => e.id).sort());
    expect((await followUpsOf(events)).sort()).toEqual(events.map((e) => e.data.lead_id).sort());
  });

  it('transaction-only: a redelivery among new events is rolled back with them, then each is handled exactly once', async () => {
    const queue = `${infra.namespace}.${name}.inbox-last-dupes`;
    const { old, events, entered } = await redeliveredAmongNew(queue, { transactionOnly: true });
    // The redelivered events reached the handler (it runs before their inbox rows are read) …
    expect(old.filter((e) => entered.includes(e.id))).not.toEqual([]);
    // … and the transactions they ran in left nothing: each effect, follow-up and inbox row once.
    expect((await effectsOf(events)).sort()).toEqual(events.map((e) => e.id).sort());
    expect((await followUpsOf(events)).sort()).toEqual(events.map((e) => e.data.lead_id).sort());
    expect((await inboxOf(events)).sort()).toEqual(events.map((e) => e.id).sort());
    expect(await broker.bus.takeDeadLetters(queue)).toEqual([]);
  });

  it('transaction-only: ctx.kv refuses every call (a key-value write could not be rolled back)', async () => {
    const queue = `${infra.namespace}.${name}.inbox-last-kv`;
    const key = `${infra.namespace}:kv-probe`;
    const [declared, undeclared] = [completed(), completed()];
    const { kvCalls } = await consume(queue, { transactionOnly: true, kvKey: key });
    await broker.bus.publish(declared);
    await waitFor(async () => (await effectsOf([declared])).length === 1, 'the declared one applied', 10_000);
    expect(kvCalls).toEqual(['refused']);
    await subscription!.close();
    const other = await consume(queue, { kvKey: key });
    await broker.bus.publish(undeclared);
    await waitFor(async () => (await effectsOf([undeclared])).length === 1, 'the undeclared one applied', 10_000);
    expect(other.kvCalls).toEqual(['answered']);
  });

  it('publishes what a transaction wrote right after its commit, without the polling pass', async () => {
    const queue = `${infra.namespace}.${name}.handoff`;
    await consume(queue);
    // Polling once a day and leaving every row younger than a day to the hand-off: only the hand-off can publish.
    relay = new OutboxRelay({
      database: infra.database,
      service: PRODUCER,
      bus: broker.bus,
      logger,
      pollIntervalMs: 86_400_000,
      handOffGraceMs: 86_400_000,
    });
    await relay.start();
    const data = Array.from({ length: 5 }, () => completed().data);
    const written = await producerDb.transaction().execute((trx) =>
      appendToOutbox(
        trx,
        PRODUCER,
        data.map((d) => ({ type: 'LeadCompleted' as const, data: d })),
      ),
    );
    await waitFor(async () => (await effectsOf(written)).length === 5, 'the five effects', 10_000);
    await waitFor(
      async () =>
        (
          await producerDb
            .selectFrom('outbox')
            .select('id')
            .where(
              'id',
              'in',
              written.map((e) => e.id),
            )
            .where('processed_at', 'is not', null)
            .execute()
        ).length === 5,
      'the rows marked sent',
    );
  });

  it('publishes rows whose hand-off never came (another process wrote them) by the polling pass, after the grace', async () => {
    const queue = `${infra.namespace}.${name}.fallback`;
    await consume(queue);
    relay = new OutboxRelay({
      database: infra.database,
      service: PRODUCER,
      bus: broker.bus,
      logger,
      pollIntervalMs: 100,
      handOffGraceMs: 300,
    });
    await relay.start();
    const env = completed();
    // Another instance's write: its NOTIFY carries a token this process never handed off.
    await producerDb.transaction().execute(async (trx) => {
      await trx
        .insertInto('outbox')
        .values({ id: env.id, type: env.type, envelope: JSON.stringify(env) })
        .execute();
      await sql`select pg_notify(${`lm_outbox_${PRODUCER.replace(/-/g, '_')}`}, ${randomUUID()})`.execute(trx);
    });
    await waitFor(async () => (await effectsOf([env])).length === 1, 'the effect through the polling pass', 10_000);
  });
});

// Cutting a live connection mid-batch is RabbitMQ's failure (the in-process bus has no connection to lose).
describe.runIf(realServersConfigured())('a broker cut in the middle of a batch', () => {
  let infra: TestInfra;
  let broker: Broker;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    infra = await createTestInfra(logger);
    broker = await brokers.find((b) => b.name === 'rabbitmq')!.make(`${infra.namespace}cut`);
    await migrateService(infra.database, CONSUMER, {
      '2026_11_23_0000_effects': {
        up: (db) =>
          db.schema.createTable('effects').addColumn('lead_id', 'text').addColumn('event_id', 'text').execute(),
      },
    });
  });
  afterAll(async () => {
    await subscription?.close();
    await broker.close();
    await infra.cleanup();
  });

  it('loses nothing and applies nothing twice: the batch commits, its acks die with the connection, the redelivery is skipped', async () => {
    const queue = `${infra.namespace}.cut`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const entered = new Set<string>();
    const settled: string[] = [];
    // Count deliveries that completed in the consumer runner (acked, or meant to be).
    const countingBus: EventBus = {
      publish: (e) => broker.bus.publish(e),
      takeDeadLetters: (q, max) => broker.bus.takeDeadLetters(q, max),
      depth: (q) => broker.bus.depth(q),
      ping: () => broker.bus.ping(),
      close: () => broker.bus.close(),
      subscribe: (spec, handler) =>
        broker.bus.subscribe(spec, async (e, info) => {
          await handler(e, info);
          settled.push(e.id);
        }),
    };
    const start = () =>
      startConsumers({
        database: infra.database,
        service: CONSUMER,
        bus: countingBus,
        logger,
        queue,
        kv: infra.kv,
        batchSize: 10,
        consumers: [
          defineConsumer({
            event: 'LeadCompleted',
            async handle(event, { trx }) {
              entered.add(event.id);
              await gate;
              await trx.insertInto('effects').values({ lead_id: event.data.lead_id, event_id: event.id }).execute();
            },
          }),
        ],
      });
    subscription = await start();
    await subscription!.close();
    const first = Array.from({ length: 10 }, () => completed());
    for (const e of first) await broker.bus.publish(e);
    subscription = await start();
    // The first batch is inside its transaction, held at the gate …
    await waitFor(() => entered.size > 0, 'the batch to start');
    // … when the broker connection is cut; then the batch commits and its acks cannot reach the broker.
    await broker.cut();
    release();
    await waitFor(() => settled.length > 0, 'the batch to commit during the cut', 10_000);
    const committedDuringCut = [...settled];
    await broker.restore();
    const later = Array.from({ length: 10 }, () => completed());
    await waitFor(
      async () => {
        try {
          await broker.bus.publish(later[0]!);
          return true;
        } catch {
          return false;
        }
      },
      'the broker back',
      20_000,
      200,
    );
    for (const e of later.slice(1)) await broker.bus.publish(e);
    const all = [...first, ...later];
    const effects = async () =>
      (await infra.database
        .forService(CONSUMER)
        .selectFrom('effects')
        .select('event_id')
        .where(
          'event_id',
          'in',
          all.map((e) => e.id),
        )
        .execute()) as Array<{ event_id: string }>;
    await waitFor(async () => (await effects()).length >= all.length, 'every effect after the cut', 30_000, 100);
    // Every event of the cut batch that committed before the cut was delivered again (its ack was lost) …
    await waitFor(
      () => committedDuringCut.every((id) => settled.filter((s) => s === id).length >= 2),
      'the unacked batch redelivered',
      30_000,
      100,
    );
    // … and nothing was applied twice or lost.
    const ids = (await effects()).map((r) => r.event_id);
    expect(ids.sort()).toEqual(all.map((e) => e.id).sort());
  }, 90_000);
});
