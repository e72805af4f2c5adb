import pg from 'pg';
import { adminToken, call, fund, leadBody, signupContractors, submitLead } from './client.js';
import { pipelineRun } from './figures/pipeline.js';
import { startBenchStack } from './stack.js';

/**
 * What one lead and one purchase cost PostgreSQL, counted rather than timed (so it can run on a busy
 * machine): commits, rows read by sequential scans and by index, rows written, per table. Runs
 * `LEADS` leads (default 200) at 10 leads/s through the distributed stack with small pools, then 40
 * contractors each buy a different lead from the dashboard, and reads pg_stat_database and
 * pg_stat_user_tables of the private bench database around each part.
 * Usage: npx tsx bench/src/count-pipeline.ts
 */
const leads = Number(process.env.LEADS ?? 200);
const stack = await startBenchStack({ poolSize: Number(process.env.POOL ?? 3) });
const client = new pg.Client({ connectionString: stack.databaseUrl });
try {
  const contractors = await signupContractors(stack.url, 40, `c${Date.now().toString(36)}`);
  await client.connect();
  const snapshot = async () => {
    const db = await client.query<{ xact_commit: string; tup_returned: string; tup_fetched: string }>(
      'select xact_commit, tup_returned, tup_fetched from pg_stat_database where datname = current_database()',
    );
    const tables = await client.query<{
      name: string;
      seq_scan: string;
      seq_tup_read: string;
      idx_scan: string | null;
      idx_tup_fetch: string | null;
      writes: string;
    }>(
      `select schemaname || '.' || relname as name, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch,
              n_tup_ins + n_tup_upd + n_tup_del as writes
         from pg_stat_user_tables`,
    );
    return { db: db.rows[0]!, tables: new Map(tables.rows.map((t) => [t.name, t])) };
  };
  type Snapshot = Awaited<ReturnType<typeof snapshot>>;
  const report = (what: string, n: number, before: Snapshot, after: Snapshot) => {
    const per = (x: string | null, y: string | null | undefined) => (Number(x ?? 0) - Number(y ?? 0)) / n;
    console.log(
      `\n${what}: ${per(after.db.xact_commit, before.db.xact_commit).toFixed(1)} commits, ` +
        `${per(after.db.tup_returned, before.db.tup_returned).toFixed(0)} rows returned, ${per(after.db.tup_fetched, before.db.tup_fetched).toFixed(0)} rows fetched`,
    );
    const rows = [...after.tables.values()]
      .map((t) => {
        const b = before.tables.get(t.name);
        return {
          table: t.name,
          seqScans: per(t.seq_scan, b?.seq_scan),
          seqRows: per(t.seq_tup_read, b?.seq_tup_read),
          idxScans: per(t.idx_scan, b?.idx_scan),
          idxRows: per(t.idx_tup_fetch, b?.idx_tup_fetch),
          writes: per(t.writes, b?.writes),
        };
      })
      .filter((r) => r.seqScans + r.idxScans + r.writes > 0.05)
      .sort((a, b) => b.seqRows + b.idxRows - (a.seqRows + a.idxRows));
    console.log('table | seq scans | rows read by seq scans | index scans | rows fetched by index | rows written');
    for (const r of rows)
      console.log(
        `${r.table} | ${r.seqScans.toFixed(2)} | ${r.seqRows.toFixed(0)} | ${r.idxScans.toFixed(1)} | ${r.idxRows.toFixed(0)} | ${r.writes.toFixed(1)}`,
      );
  };
  // Statistics are sent at the end of each transaction and read with a small delay.
  const settledSnapshot = async () => {
    await new Promise((r) => setTimeout(r, 3000));
    await client.query('select pg_stat_clear_snapshot()');
    return snapshot();
  };

  const beforeLeads = await settledSnapshot();
  const run = await pipelineRun(stack, { ratePerSecond: 10, seconds: leads / 10, maxSettleMs: 60_000, tag: 'n' });
  const afterLeads = await settledSnapshot();
  console.log(`${run.leads} leads, ${run.sms} SMS, p50 ${run.p50.toFixed(0)} ms`);
  report('per lead', run.leads, beforeLeads, afterLeads);

  // Each contractor buys one different lead (new leads, so no offer round is still running).
  await fund(stack.url, await adminToken(stack.url), contractors, 1000);
  const ids: string[] = [];
  while (ids.length < contractors.length) {
    const res = await submitLead(stack.url, leadBody(`buy-${ids.length}`));
    if (res.body?.status === 'valid') ids.push(res.body.lead_id);
  }
  const beforeBuys = await settledSnapshot();
  const results = await Promise.all(
    contractors.map((c, i) =>
      call(stack.url, 'purchase-lead', { token: c.token, body: { lead_id: ids[i], contractor_id: c.id } }),
    ),
  );
  const sold = results.filter((r) => r.status === 200 && r.body?.success === true).length;
  const afterBuys = await settledSnapshot();
  console.log(`\n${sold} of ${contractors.length} purchases succeeded`);
  report('per purchase (with its events handled)', Math.max(1, sold), beforeBuys, afterBuys);
} finally {
  await client.end().catch(() => {});
  await stack.stop();
}
