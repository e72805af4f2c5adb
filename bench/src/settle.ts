import pg from 'pg';
import type { BenchStack } from './stack.js';

/** What was still queued when the wait ended: SMS and emails not yet handed to a provider, events not yet published. */
export interface Backlog {
  deliveries: number;
  unpublishedEvents: number;
}

async function backlogOf(client: pg.Client): Promise<Backlog> {
  const deliveries = await client.query<{ n: string }>(
    `select count(*) as n from notification.deliveries where status in ('pending', 'sending')`,
  );
  // Every service's outbox table: rows the relay has not published yet.
  const { rows: outboxes } = await client.query<{ table_schema: string }>(
    `select table_schema from information_schema.columns
      where table_name = 'outbox' and column_name = 'processed_at'`,
  );
  let unpublished = 0;
  for (const o of outboxes) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${pg.escapeIdentifier(o.table_schema)}.outbox where processed_at is null and abandoned_at is null`,
    );
    unpublished += Number(rows[0]!.n);
  }
  return { deliveries: Number(deliveries.rows[0]!.n), unpublishedEvents: unpublished };
}

/**
 * Wait until the pipeline figures' backlog is worked off (no delivery waiting for the provider, no
 * event waiting for the relay), at most `maxMs`: the read and purchase figures after them measure the
 * stack, not the stack plus the tail of 15,000 SMS. Answers how long it took and what was left.
 */
export async function waitForBacklog(stack: BenchStack, maxMs: number): Promise<{ waitedMs: number; left: Backlog }> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const left = await backlogOf(client);
      const waitedMs = Date.now() - started;
      if ((left.deliveries === 0 && left.unpublishedEvents === 0) || waitedMs >= maxMs) return { waitedMs, left };
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await client.end();
  }
}

/**
 * Wait until the stack's own CPU use (every stack process and its PostgreSQL backends) stays under
 * `quietMsPerSecond` for three 1-second windows in a row, at most `maxMs`: events still queued in
 * the broker from an earlier figure show up as CPU, not as rows. Answers how long it took and the
 * last window's rate.
 */
export async function waitForQuietCpu(
  stack: BenchStack,
  opts: { quietMsPerSecond: number; maxMs: number },
): Promise<{ waitedMs: number; lastMsPerSecond: number }> {
  const started = Date.now();
  let quietWindows = 0;
  let last = Infinity;
  while (quietWindows < 3 && Date.now() - started < opts.maxMs) {
    const meter = await stack.cpuMeter();
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    last = ((await meter.stop()).totalMs * 1000) / (Date.now() - from);
    quietWindows = last < opts.quietMsPerSecond ? quietWindows + 1 : 0;
  }
  return { waitedMs: Date.now() - started, lastMsPerSecond: last };
}
