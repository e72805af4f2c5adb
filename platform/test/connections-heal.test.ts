import type { ServiceName } from '@leadmarket/contracts';
import amqp from 'amqplib';
import {
  buildEnvelope,
  createPostgresDatabase,
  RabbitMqEventBus,
  ServiceClients,
  startService,
  type Database,
  type RunningService,
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
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVICE = 'listen-heal-test' as ServiceName;
const lead = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const expired = (producer: ServiceName, n: number) =>
  buildEnvelope(producer, { type: 'LeadExpired', data: { lead_id: lead(n), expired_at: new Date().toISOString() } });

// Long-lived connections heal by themselves. The outages are TCP proxies in front of the real
// PostgreSQL and RabbitMQ, so the servers everybody shares are never touched.
describe.runIf(realServersConfigured())('a service LISTEN connection', () => {
  let infra: TestInfra;
  let proxy: TcpProxy;
  let database: Database;
  let running: RunningService;

  beforeAll(async () => {
    infra = await createTestInfra();
    const target = new URL(infra.databaseUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${await proxy.start()}`;
    database = createPostgresDatabase({
      url: target.toString(),
      poolSize: 3,
      applicationName: 'listen-heal',
      // Short deadlines so a silent connection is given up on within seconds in the test.
      timeouts: { connectMs: 1000, statementMs: 2000 },
    });
    running = await startService(
      { name: SERVICE, migrations: {}, register() {} },
      {
        infra: { ...infra, database, close: async () => {} },
        logger: testLogger(),
        clients: new ServiceClients({}),
        publicBaseUrl: 'http://localhost',
      },
    );
  });

  afterAll(async () => {
    await proxy.restore();
    await running?.stop();
    await database?.close();
    await proxy.close();
    await infra.cleanup();
  });

  const listening = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'listen-heal-listen'`.execute(infra.database.root)
    ).rows[0]!.n;
  const readiness = async () => (await running.app.inject({ method: 'GET', url: '/readyz' })).json();

  it('comes back after a cut, and readiness says it is missing meanwhile', async () => {
    expect(await listening()).toBe(1);
    expect((await readiness()).degraded).toBeUndefined();

    await proxy.cut();
    await waitFor(
      async () => (await readiness()).degraded?.includes('outbox-listen'),
      'readiness to report the lost LISTEN',
      15_000,
      100,
    );
    await proxy.restore();
    await waitFor(async () => (await listening()) === 1, 'the LISTEN connection back', 30_000, 200);
    await waitFor(
      async () => (await readiness()).degraded === undefined,
      'readiness without the degraded note',
      30_000,
      200,
    );
    expect(running.relay.listening).toBe(true);
  }, 60_000);

  it('is replaced when it falls silent (a blackhole sends no reset)', async () => {
    await proxy.blackhole();
    // Only the ping finds a silent LISTEN: nothing else is sent on it.
    await waitFor(() => !running.relay.listening, 'the silent LISTEN to be given up on', 30_000, 100);
    await proxy.restore();
    await waitFor(() => running.relay.listening, 'a new LISTEN connection', 30_000, 100);
    expect((await readiness()).degraded).toBeUndefined();
  }, 60_000);
});

describe.runIf(realServersConfigured())('a broker subscription', () => {
  let infra: TestInfra;
  let proxy: TcpProxy;
  let bus: RabbitMqEventBus;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    const target = new URL(process.env.AMQP_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
    target.host = `127.0.0.1:${await proxy.start()}`;
    bus = await RabbitMqEventBus.connect({
      url: target.toString(),
      namespace: infra.namespace,
      logger: testLogger(),
      heartbeatSeconds: 1,
    });
  });

  afterAll(async () => {
    await proxy.restore();
    for (const s of subscriptions) await s.close();
    await bus?.deleteTopology().catch(() => {});
    await bus?.close();
    await proxy.close();
    await infra.cleanup();
  });

  it('a transient (live) queue is attached again after a broker cut, and its owner is told of both', async () => {
    const states: boolean[] = [];
    const seen: string[] = [];
    subscriptions.push(
      await bus.subscribe(
        {
          queue: `${infra.namespace}.live-heal`,
          eventTypes: ['LeadExpired'],
          transient: true,
          onAttachChange: (attached) => states.push(attached),
        },
        async (e) => {
          seen.push((e.data as { lead_id: string }).lead_id);
        },
      ),
    );
    expect(states).toEqual([true]);

    await proxy.cut();
    await waitFor(() => states.length === 2, 'the loss to be told', 15_000);
    await proxy.restore();
    await waitFor(() => states.length === 3, 'the return to be told', 30_000, 100);
    expect(states).toEqual([true, false, true]);
    // Published by the test's own connection (not through the proxy): it reaches the new queue.
    await infra.bus.publish(expired('listen-heal-test' as ServiceName, 1));
    await waitFor(() => seen.includes(lead(1)), 'an event after the return', 15_000);
  }, 60_000);

  it('a consumer whose queue was deleted under it declares it again and goes on consuming', async () => {
    const queue = `${infra.namespace}.deleted-heal`;
    const states: boolean[] = [];
    const seen: string[] = [];
    subscriptions.push(
      await bus.subscribe(
        { queue, eventTypes: ['LeadExpired'], onAttachChange: (attached) => states.push(attached) },
        async (e) => {
          seen.push((e.data as { lead_id: string }).lead_id);
        },
      ),
    );
    // An operator (or a broker policy) removes the queue: the broker cancels the consumer.
    const operator = await amqp.connect(process.env.AMQP_URL!);
    try {
      const channel = await operator.createChannel();
      await channel.deleteQueue(queue);
    } finally {
      await operator.close();
    }
    await waitFor(() => states.length === 3, 'the consumer to be attached again', 30_000, 100);
    expect(states).toEqual([true, false, true]);
    await infra.bus.publish(expired('listen-heal-test' as ServiceName, 2));
    await waitFor(() => seen.includes(lead(2)), 'an event on the declared-again queue', 15_000);
  }, 60_000);
});
