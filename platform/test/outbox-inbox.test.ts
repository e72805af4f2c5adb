import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceName } from '@leadmarket/contracts';
import {
  appendToOutbox,
  buildEnvelope,
  defineConsumer,
  InProcessEventBus,
  migrateService,
  OutboxRelay,
  RabbitMqEventBus,
  startConsumers,
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
import type { Kysely } from 'kysely';

// A scratch service of our own: its schema holds one table the consumer writes to.
const PRODUCER = 'outbox-test-producer' as ServiceName;
const CONSUMER = 'outbox-test-consumer' as ServiceName;
const leadData = (n: number) => ({
  lead_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  completed_at: new Date().toISOString(),
  contractor_id: `C-${n}`,
});

describe('transactional outbox and idempotent inbox', () => {
  let infra: TestInfra;
  let producerDb: Kysely<any>;
  let consumerDb: Kysely<any>;
  let proxy: TcpProxy | undefined;
  let bus: EventBus;
  let relay: OutboxRelay;
  let subscription: Subscription | undefined;
  const logger = testLogger();

  beforeAll(async () => {
    infra = await createTestInfra(logger);
    if (realServersConfigured()) {
      // The relay and consumer reach RabbitMQ through a proxy the test can cut.
      const target = new URL(process.env.AMQP_URL!);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
      target.host = `127.0.0.1:${await proxy.start()}`;
      bus = await RabbitMqEventBus.connect({ url: target.toString(), namespace: infra.namespace, logger });
    } else {
      bus = infra.bus;
    }
    await migrateService(infra.database, PRODUCER, {});
    await migrateService(infra.database, CONSUMER, {
      '2026_11_22_0000_effects': {
        up: (db) =>
          db.schema.createTable('effects').addColumn('lead_id', 'text').addColumn('event_id', 'text').execute(),
      },
    });
    producerDb = infra.database.forService(PRODUCER);
    consumerDb = infra.database.forService(CONSUMER);
    relay = new OutboxRelay({ database: infra.database, service: PRODUCER, bus, logger, pollIntervalMs: 100 });
    await relay.start();
    subscription = await startConsumers({
      database: infra.database,
      service: CONSUMER,
      bus,
      logger,
      queue: `${infra.namespace}.outbox-test`,
      kv: infra.kv,
      consumers: [
        defineConsumer({
          event: 'LeadCompleted',
          async handle(event, { trx }) {
            await trx.insertInto('effects').values({ lead_id: event.data.lead_id, event_id: event.id }).execute();
          },
        }),
      ],
    });
  });

  afterAll(async () => {
    await subscription?.close();
    await relay.stop();
    if (bus !== infra.bus && bus instanceof RabbitMqEventBus) {
      await bus.deleteTopology();
      await bus.close();
    }
    await proxy?.cut();
    await infra.cleanup();
  });

  const effectsFor = async (leadIds: string[]) =>
    (await consumerDb.selectFrom('effects').selectAll().where('lead_id', 'in', leadIds).execute()) as Array<{
      lead_id: string;
    }>;

  /**
   * Write one more event (a fresh lead number) in a committed transaction and wait for its effect:
   * it is published and consumed after everything written or published before it, so once its
   * effect is there the earlier events have been dealt with.
   */
  const laterEventApplied = async (n: number) => {
    const data = leadData(n);
    await producerDb.transaction().execute((trx) => appendToOutbox(trx, PRODUCER, [{ type: 'LeadCompleted', data }]));
    await waitFor(async () => (await effectsFor([data.lead_id])).length === 1, 'the later event', 30_000);
  };

  it('publishes an event written in a committed transaction, and the consumer applies it once', async () => {
    const data = leadData(1);
    await producerDb.transaction().execute((trx) => appendToOutbox(trx, PRODUCER, [{ type: 'LeadCompleted', data }]));
    await waitFor(async () => (await effectsFor([data.lead_id])).length === 1, 'the effect');
    // Marked sent shortly after the broker confirmed it (rows published together are marked together).
    await waitFor(
      async () =>
        (await producerDb.selectFrom('outbox').select(['processed_at']).executeTakeFirstOrThrow()).processed_at !==
        null,
      'the row marked sent',
    );
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const data = leadData(2);
    await expect(
      producerDb.transaction().execute(async (trx) => {
        await appendToOutbox(trx, PRODUCER, [{ type: 'LeadCompleted', data }]);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await laterEventApplied(20);
    expect(await effectsFor([data.lead_id])).toHaveLength(0);
    const written = (await producerDb.selectFrom('outbox').select('envelope').execute()).map((r) =>
      typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope,
    );
    expect(written.filter((e) => e.data.lead_id === data.lead_id)).toHaveLength(0);
  });

  it('stores and delivers several events of one transaction exactly, whatever characters their data holds', async () => {
    const awkward = (n: number) => ({
      ...leadData(n),
      contractor_id: `C-${n} it's "quoted", {braced}, back\\slash\\ é ✓`,
    });
    const written = await producerDb.transaction().execute((trx) =>
      appendToOutbox(
        trx,
        PRODUCER,
        [40, 41, 42].map((n) => ({ type: 'LeadCompleted' as const, data: awkward(n) })),
      ),
    );
    const stored = await producerDb
      .selectFrom('outbox')
      .select('envelope')
      .where(
        'id',
        'in',
        written.map((e) => e.id),
      )
      .execute();
    const envelopes = stored.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
    expect(envelopes.sort((a, b) => a.data.lead_id.localeCompare(b.data.lead_id))).toEqual(written);
    await waitFor(
      async () => (await effectsFor([40, 41, 42].map((n) => leadData(n).lead_id))).length === 3,
      'the three effects',
    );
  });

  it('changes nothing when an event is delivered again (inbox)', async () => {
    const env = buildEnvelope(PRODUCER, { type: 'LeadCompleted', data: leadData(3) });
    await bus.publish(env);
    await bus.publish(env);
    await bus.publish(env);
    await waitFor(async () => (await effectsFor([leadData(3).lead_id])).length >= 1, 'the effect');
    await bus.publish(buildEnvelope(PRODUCER, { type: 'LeadCompleted', data: leadData(30) }));
    await waitFor(async () => (await effectsFor([leadData(30).lead_id])).length === 1, 'a later event');
    expect(await effectsFor([leadData(3).lead_id])).toHaveLength(1);
  });

  it('dead-letters an event whose data fails its schema, with the reason, and goes on', async () => {
    const bad = {
      ...buildEnvelope(PRODUCER, { type: 'LeadCompleted', data: leadData(4) }),
      data: { lead_id: 'not-a-uuid' },
    };
    await bus.publish(bad);
    const good = leadData(5);
    await bus.publish(buildEnvelope(PRODUCER, { type: 'LeadCompleted', data: good }));
    await waitFor(async () => (await effectsFor([good.lead_id])).length === 1, 'the good event after the bad one');
    const dead = await waitFor(async () => {
      const letters = await bus.takeDeadLetters(`${infra.namespace}.outbox-test`);
      return letters.length ? letters : undefined;
    }, 'the dead letter');
    expect(dead[0]!.reason).toMatch(/invalid LeadCompleted data: lead_id/);
  });

  it('publishes events written while the broker is unreachable once it returns, each effect exactly once', async () => {
    const cut = async () => (proxy ? proxy.cut() : (bus as InProcessEventBus).setAvailable(false));
    const restore = async () => (proxy ? proxy.restore() : (bus as InProcessEventBus).setAvailable(true));
    const before = [10, 11, 12].map(leadData);
    const during = [13, 14, 15, 16].map(leadData);
    for (const data of before)
      await producerDb.transaction().execute((trx) => appendToOutbox(trx, PRODUCER, [{ type: 'LeadCompleted', data }]));
    await cut();
    for (const data of during)
      await producerDb.transaction().execute((trx) => appendToOutbox(trx, PRODUCER, [{ type: 'LeadCompleted', data }]));
    // Written while the broker is cut off: nothing can have published them.
    const unsent = await producerDb.selectFrom('outbox').select('id').where('processed_at', 'is', null).execute();
    expect(unsent.length).toBeGreaterThan(0);
    await restore();
    const ids = [...before, ...during].map((d) => d.lead_id);
    await waitFor(
      async () => (await effectsFor(ids)).length === ids.length,
      'every effect after the outage',
      30_000,
      100,
    );
    await laterEventApplied(40);
    const effects = await effectsFor(ids);
    expect(effects).toHaveLength(ids.length);
    expect(new Set(effects.map((e) => e.lead_id)).size).toBe(ids.length);
  });
});
