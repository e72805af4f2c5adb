import { Writable } from 'node:stream';
import type { ServiceName } from '@leadmarket/contracts';
import {
  buildEnvelope,
  createPostgresDatabase,
  defineConsumer,
  migrateService,
  OutboxRelay,
  queueOf,
  startConsumers,
  type Database,
  type Subscription,
} from '@leadmarket/platform';
import {
  createTestInfra,
  realServersConfigured,
  TcpProxy,
  waitFor,
  type TestInfra,
} from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A logger whose warnings the test can wait on (the proof that a fault was met, not slept through). */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), seen: (text: string) => lines.some((l) => l.includes(text)) };
}

const CONSUMER = 'outage-test-consumer' as ServiceName;
const PRODUCER = 'outage-test-producer' as ServiceName;
const lead = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// These tests cut and blackhole a TCP connection, so they need the real PostgreSQL and RabbitMQ
// (under CI the global setup refuses to run without them, so there they always run).
describe.runIf(realServersConfigured())('database outages are outages, not crashes', () => {
  let infra: TestInfra;
  let proxy: TcpProxy;
  let database: Database;
  let subscription: Subscription | undefined;
  let relay: OutboxRelay | undefined;
  const log = recordingLogger();

  beforeAll(async () => {
    infra = await createTestInfra();
    const target = new URL(infra.databaseUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${await proxy.start()}`;
    // Short deadlines so a blackhole is noticed within seconds in the test.
    database = createPostgresDatabase({
      url: target.toString(),
      poolSize: 3,
      timeouts: { connectMs: 1000, statementMs: 2000 },
      logger: log.logger,
    });
    await migrateService(database, PRODUCER, {});
    await migrateService(database, CONSUMER, {
      '2026_11_22_0000_effects': {
        up: (db) => db.schema.createTable('effects').addColumn('lead_id', 'text').execute(),
      },
    });
  });

  afterAll(async () => {
    await subscription?.close();
    await relay?.stop();
    await proxy.restore();
    await database.close();
    await proxy.close();
    await infra.cleanup();
  });

  const effects = () => infra.database.forService(CONSUMER).selectFrom('effects').selectAll().execute();

  it('a consumer facing a 20 s database outage processes the event once the database returns, without dead-lettering it', async () => {
    const queue = queueOf(CONSUMER, infra.namespace);
    subscription = await startConsumers({
      database,
      service: CONSUMER,
      bus: infra.bus,
      logger: log.logger,
      queue,
      kv: infra.kv,
      consumers: [
        defineConsumer({
          event: 'LeadCompleted',
          async handle(event, { trx }) {
            await trx.insertInto('effects').values({ lead_id: event.data.lead_id }).execute();
          },
        }),
      ],
    });
    const startedAt = Date.now();
    await proxy.cut();
    await infra.bus.publish(
      buildEnvelope(PRODUCER, {
        type: 'LeadCompleted',
        data: { lead_id: lead(1), completed_at: new Date().toISOString(), contractor_id: 'C-1' },
      }),
    );
    // The consumer met the outage (more than the old 5 attempts in 820 ms would allow) …
    await waitFor(() => log.seen('consumer paused by a transient failure'), 'the consumer to meet the outage', 15_000);
    // … and the outage lasts 20 s in all.
    await new Promise((r) => setTimeout(r, Math.max(0, 20_000 - (Date.now() - startedAt))));
    await proxy.restore();
    await waitFor(async () => (await effects()).length === 1, 'the event to be processed after the outage', 30_000);
    expect(await infra.bus.takeDeadLetters(queue)).toEqual([]);
  }, 90_000);

  it('a blackholed connection (no reset, only silence) is found and replaced: the relay publishes again after it', async () => {
    const published: string[] = [];
    const bus = {
      ...infra.bus,
      publish: async (e: { data: unknown }) => {
        published.push((e.data as { lead_id: string }).lead_id);
      },
    } as unknown as typeof infra.bus;
    relay = new OutboxRelay({ database, service: PRODUCER, bus, logger: log.logger, pollIntervalMs: 200 });
    await relay.start();
    const producer = infra.database.forService(PRODUCER);
    const append = async (n: number) => {
      const env = buildEnvelope(PRODUCER, {
        type: 'LeadCompleted',
        data: { lead_id: lead(n), completed_at: new Date().toISOString(), contractor_id: 'C-1' },
      });
      await producer
        .insertInto('outbox')
        .values({ id: env.id, type: env.type, envelope: JSON.stringify(env) })
        .execute();
    };
    await append(10);
    await waitFor(() => published.includes(lead(10)), 'the relay to work before the blackhole', 10_000);

    await proxy.blackhole();
    // Written directly (not through the proxy) while the relay's connections are silent.
    await append(11);
    // Proof the relay met the silence: its connections were given up on after their deadline.
    await waitFor(() => log.seen('no answer to a query within'), 'the relay to give up on a silent connection', 30_000);
    await proxy.restore();
    await waitFor(() => published.includes(lead(11)), 'the relay to publish after the blackhole', 30_000);
    // And records it: nothing is left pending (marked just after the publish, so waited for).
    const pending = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(`${PRODUCER.replace(/-/g, '_')}.outbox`)} where processed_at is null`.execute(
          infra.database.root,
        )
      ).rows[0]!.n;
    await waitFor(async () => (await pending()) === 0, 'the outbox to be drained', 30_000);
  }, 90_000);
});
