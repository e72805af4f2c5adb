import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import amqp from 'amqplib';
import Fastify from 'fastify';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { CpuMeter } from './cpu.js';
import { runScript } from './script.js';

/**
 * `npm run bench:floor`: the CPU of the bare parts a lead is made of, on this machine, with none of
 * our code: one PostgreSQL transaction of one small insert (BEGIN, INSERT, COMMIT: the least a
 * consumer's inbox row costs), one RabbitMQ event published with a confirm and delivered to two
 * queues, each acked, and one small HTTP request and reply over a keep-alive pool. Each is counted on both sides
 * (this process, and the PostgreSQL backend or the RabbitMQ server), `concurrency` at a time.
 *
 * Multiplied by what one lead needs in this architecture (DESIGN.md: a service per step, an event
 * between each), it is the floor under "CPU per lead": what no change to our code can go below
 * without removing hops.
 */
/** How many of each bare part are measured, and how many at a time. */
interface Sample {
  count: number;
  concurrency: number;
}
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/**
 * The hops of one lead as `docs/PERFORMANCE.md` counts them (submit → SMS handed to the provider):
 * the submit's insert and six consumer transactions; four events published, eight deliveries; the
 * submit (client → gateway → lead-intake) and five SMS requests to Twilio. Since the phone
 * confirmation (issue 40, ADR 0045) every accepted lead also sends its customer a code: one more
 * event (ContactCodeIssued), notification's transaction for it and one more SMS.
 */
const PER_LEAD = { transactions: 7 + 1, publishes: 4 + 1, httpRequests: 2 + 5 + 1 };

/**
 * A lead's whole life adds its sale: the claim (client → gateway → wallet-ledger), the purchase's
 * transaction at wallet-ledger, LeadPurchased published and handled by lead-intake, matching and
 * notification, and the customer's SMS to Twilio.
 */
export const WHOLE_LIFE = {
  transactions: PER_LEAD.transactions + 1 + 3,
  publishes: PER_LEAD.publishes + 1,
  httpRequests: PER_LEAD.httpRequests + 2 + 1,
};

/** The floor under one lead's CPU as the bench counts it (the broker left out), for `hops`, measured now. */
export async function floorPerLead(
  hops: { transactions: number; publishes: number; httpRequests: number },
  sample: Sample,
): Promise<number> {
  const pgFloor = await postgresFloor(sample);
  const mqFloor = await rabbitFloor(sample);
  const httpCost = await httpFloor(sample);
  return (
    hops.transactions * (pgFloor.tx.selfMs + pgFloor.tx.othersMs) +
    hops.publishes * mqFloor.selfMs +
    hops.httpRequests * httpCost.selfMs
  );
}
const DELIVERIES_PER_PUBLISH = 2;

/** pids whose command name is `comm` (RabbitMQ's Erlang VM; it serves other users too: run this on a quiet machine). */
function pidsNamed(comm: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === comm) pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** Run `n` calls of `one`, `concurrency` at a time; CPU ms per call of this process and of `others`. */
async function measure(
  { concurrency }: Sample,
  n: number,
  one: (i: number) => Promise<unknown>,
  others: Array<{ pid: number; kind: string }>,
): Promise<{ selfMs: number; othersMs: number; perSecond: number }> {
  const meter = new CpuMeter(async () => others);
  await meter.start();
  const before = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await one(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(before);
  const other = await meter.stop();
  return { selfMs: (used.user + used.system) / 1000 / n, othersMs: other.totalMs / n, perSecond: n / seconds };
}

async function postgresFloor(sample: Sample) {
  const { count, concurrency } = sample;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  const table = `bench_floor_${process.pid}`;
  await pool.query(`create table if not exists ${table} (id bigint primary key, at timestamptz not null)`);
  // Every connection opened first, so the backends' pids are known and counted.
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  const backends = await Promise.all(
    clients.map(async (c) => ({ pid: (await c.query('select pg_backend_pid() as pid')).rows[0].pid, kind: 'pg' })),
  );
  for (const c of clients) c.release();
  try {
    const insert = { name: 'floor-insert', text: `insert into ${table} (id, at) values ($1, now())` };
    await measure(sample, 200, async (i) => transaction(pool, insert, -1 - i), backends); // warm-up
    const tx = await measure(sample, count, (i) => transaction(pool, insert, i), backends);
    // One more statement inside a transaction: a prepared one-row read by primary key.
    const read = { name: 'floor-read', text: `select at from ${table} where id = $1` };
    const statement = await measure(sample, count, (i) => pool.query({ ...read, values: [i] }), backends);
    return { tx, statement };
  } finally {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  }
}

async function transaction(pool: pg.Pool, insert: { name: string; text: string }, id: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query({ ...insert, values: [id] });
    await client.query('commit');
  } finally {
    client.release();
  }
}

async function rabbitFloor(sample: Sample) {
  const { count, concurrency } = sample;
  const connection = await amqp.connect(amqpUrl);
  const exchange = `bench-floor-${process.pid}`;
  const queues = Array.from({ length: DELIVERIES_PER_PUBLISH }, (_, k) => `${exchange}-${k}`);
  try {
    const publisher = await connection.createConfirmChannel();
    const consumer = await connection.createChannel();
    await consumer.assertExchange(exchange, 'fanout', { durable: true, autoDelete: false });
    await consumer.prefetch(concurrency * 2 * queues.length);
    const waiting = new Map<string, { left: number; done: () => void }>();
    for (const queue of queues) {
      await consumer.assertQueue(queue, { durable: true, autoDelete: false });
      await consumer.bindQueue(queue, exchange, '');
      await consumer.consume(queue, (msg) => {
        if (!msg) return;
        consumer.ack(msg);
        const w = waiting.get(msg.properties.messageId);
        if (w && --w.left === 0) w.done();
      });
    }
    // Published persistent with a confirm and consumed with an ack by each queue, as the relay and the consumers do.
    const roundTrip = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const id = `m${i}`;
        waiting.set(id, {
          left: queues.length,
          done: () => {
            waiting.delete(id);
            resolve();
          },
        });
        publisher.publish(exchange, '', Buffer.from(JSON.stringify({ id, data: 'x'.repeat(400) })), {
          persistent: true,
          messageId: id,
        });
        publisher.waitForConfirms().catch(reject);
      });
    const broker = pidsNamed('beam.smp').map((pid) => ({ pid, kind: 'rabbitmq' }));
    await measure(sample, 200, (i) => roundTrip(-1 - i), broker);
    return await measure(sample, count, roundTrip, broker);
  } finally {
    const cleanup = await connection.createChannel();
    for (const queue of queues) await cleanup.deleteQueue(queue);
    await cleanup.deleteExchange(exchange);
    await connection.close();
  }
}

async function httpFloor(sample: Sample) {
  const { count, concurrency } = sample;
  const app = Fastify({ logger: false });
  app.post('/echo', async (request) => ({ ok: true, got: (request.body as { n: number }).n }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const client = new HttpPool(address, { connections: concurrency });
  try {
    const one = async (n: number) => {
      const res = await client.request({
        path: '/echo',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n, text: 'x'.repeat(400) }),
      });
      await res.body.json();
    };
    await measure(sample, 200, one, []);
    return await measure(sample, count, one, []);
  } finally {
    await client.close();
    await app.close();
  }
}

async function main() {
  const sample: Sample = { count: Number(process.argv[2] ?? 3000), concurrency: Number(process.argv[3] ?? 10) };
  const { count, concurrency } = sample;
  console.log(
    `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${count} of each, ${concurrency} at a time`,
  );
  const pgFloor = await postgresFloor(sample);
  const mqFloor = await rabbitFloor(sample);
  const httpCost = await httpFloor(sample);
  const line = (label: string, f: { selfMs: number; othersMs: number; perSecond: number }, other: string) =>
    console.log(
      `${label}: ${(f.selfMs + f.othersMs).toFixed(3)} ms CPU each (node ${f.selfMs.toFixed(3)}, ${other} ${f.othersMs.toFixed(3)}); ${f.perSecond.toFixed(0)}/s`,
    );
  line('PostgreSQL transaction (BEGIN, INSERT, COMMIT)', pgFloor.tx, 'its backend');
  line('one more statement (a prepared read by key)', pgFloor.statement, 'its backend');
  line(`RabbitMQ event (publish + confirm, ${DELIVERIES_PER_PUBLISH} deliveries + acks)`, mqFloor, 'the broker');
  line('HTTP request and reply (undici → fastify)', httpCost, '—');
  // The bench's CPU per lead leaves the broker out (RabbitMQ serves other users too): so here, beside the whole.
  const withoutBroker =
    PER_LEAD.transactions * (pgFloor.tx.selfMs + pgFloor.tx.othersMs) +
    PER_LEAD.publishes * mqFloor.selfMs +
    PER_LEAD.httpRequests * httpCost.selfMs;
  const whole = withoutBroker + PER_LEAD.publishes * mqFloor.othersMs;
  console.log(
    `floor per lead: ${PER_LEAD.transactions} transactions + ${PER_LEAD.publishes} events (${PER_LEAD.publishes * DELIVERIES_PER_PUBLISH} deliveries) + ${PER_LEAD.httpRequests} HTTP requests ` +
      `= ${withoutBroker.toFixed(2)} ms of CPU as the bench counts it (the broker left out), ${whole.toFixed(2)} ms with it; ` +
      `before any other statement (${(pgFloor.statement.selfMs + pgFloor.statement.othersMs).toFixed(3)} ms each), rule or serialisation of ours`,
  );
}

// Run as `npm run bench:floor`, not when run-all imports floorPerLead.
if (process.argv[1]?.endsWith('floor.ts')) runScript(main);
