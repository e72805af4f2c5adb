import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { ServiceName } from '@leadmarket/contracts';
import {
  appendToOutbox,
  buildEnvelope,
  defineConsumer,
  migrateService,
  preparedRead,
  startConsumers,
  type AnySchemaDb,
} from '@leadmarket/platform';
import { createTestInfra, testLogger, waitFor } from '@leadmarket/platform/testing';
import { runScript } from './script.js';

/**
 * `npx tsx bench/src/transaction-shapes.ts`: what one consumer transaction (a row written, an event
 * emitted; batches of 1 and of up to 16) and one request transaction (a prepared locked read, an
 * update, an event to the outbox; 8 at once) cost this process and PostgreSQL, per event or
 * transaction: wall time, CPU, and the process's write system calls (counted, so comparable on a
 * busy machine). Needs DATABASE_URL, AMQP_URL and REDIS_URL (a private database and namespace).
 */

const SERVICE = 'txbench-consumer' as ServiceName;
const syscw = () => Number(/syscw: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))![1]);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function backendMs(db: AnySchemaDb): Promise<number> {
  const pids = (
    await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)
  ).rows;
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks * 10;
}
const lead = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function main() {
  const logger = testLogger();
  const infra = await createTestInfra(logger);
  await migrateService(infra.database, SERVICE, {
    '2026_11_27_0000_effects': {
      up: async (db) => {
        await db.schema
          .createTable('effects')
          .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
          .execute();
        await db.schema
          .createTable('items')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('n', 'integer')
          .execute();
      },
    },
  });
  const db = infra.database.forService(SERVICE);
  await sql`insert into txbench_consumer.items select g, 0 from generate_series(1, 64) g`.execute(db);
  const out: string[] = [];
  const measure = async (label: string, count: number, run: () => Promise<void>) => {
    const [c0, w0, b0, t0] = [cpuMs(), syscw(), await backendMs(db), Date.now()];
    await run();
    const [c1, w1, b1, t1] = [cpuMs(), syscw(), await backendMs(db), Date.now()];
    out.push(
      `${label}: ${(((t1 - t0) * 1000) / count / 1000).toFixed(2)} ms wall, node CPU ${((c1 - c0) / count).toFixed(3)} ms, PostgreSQL CPU ${((b1 - b0) / count).toFixed(3)} ms, node writes ${((w1 - w0) / count).toFixed(2)} per item`,
    );
  };

  // A consumer whose handler writes one row and emits one event, one event per transaction (batch 1) and batched (16).
  let next = 1;
  for (const batchSize of [1, 16]) {
    const sub = await startConsumers({
      database: infra.database,
      service: SERVICE,
      bus: infra.bus,
      logger,
      kv: infra.kv,
      queue: `${infra.namespace}.txbench-${batchSize}`,
      batchSize,
      consumers: [
        defineConsumer({
          event: 'LeadCompleted',
          async handle(event, { trx, emit }) {
            await trx.insertInto('effects').values({ lead_id: event.data.lead_id }).execute();
            await emit([
              {
                type: 'LeadArchived',
                data: { lead_id: event.data.lead_id, contractor_id: 'C-1', archived_at: new Date().toISOString() },
              },
            ]);
          },
        }),
      ],
    });
    const N = 400;
    const first = next;
    next += N;
    await measure(`consumer, batch ${batchSize}`, N, async () => {
      for (let i = first; i < first + N; i++)
        await infra.bus.publish(
          buildEnvelope(SERVICE, {
            type: 'LeadCompleted',
            data: { lead_id: lead(i), completed_at: new Date().toISOString(), contractor_id: 'C-1' },
          }),
        );
      await waitFor(
        async () =>
          Number(
            (await sql<{ n: number }>`select count(*)::int as n from txbench_consumer.effects`.execute(db)).rows[0]!.n,
          ) >=
          first + N - 1,
        'effects',
        300_000,
      );
    });
    await sub?.close();
  }

  // A request's transaction: a locked read (prepared), an update, one event to the outbox; 8 at once.
  const lockItem = preparedRead((d: AnySchemaDb, p: { id: number }) =>
    d
      .selectFrom('items')
      .select(['id', 'n'])
      .where('id', '=', sql<number>`${p.id}::int`)
      .forUpdate(),
  );
  const M = 400;
  await measure('request transaction (locked read, update, outbox), 8 at once', M, async () => {
    let k = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (k < M) {
          const id = (k++ % 64) + 1;
          await db.transaction().execute(async (trx) => {
            await lockItem(trx, { id });
            await trx
              .updateTable('items')
              .set({ n: sql`n + 1` })
              .where('id', '=', id)
              .execute();
            await appendToOutbox(trx, SERVICE, [
              {
                type: 'LeadArchived',
                data: { lead_id: lead(id), contractor_id: 'C-1', archived_at: new Date().toISOString() },
              },
            ]);
          });
        }
      }),
    );
  });
  console.log(out.join('\n'));
  await infra.cleanup();
}
runScript(main);
