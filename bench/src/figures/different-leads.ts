import { AVAILABLE_LEADS_SHOWN } from '@leadmarket/contracts';
import { call, leadBody, submitLead, type BenchContractor } from '../client.js';
import { fmt, measured, percentile, type Measured } from '../stats.js';
import { pgbenchTps } from './contention.js';

export interface DifferentLeadsFigure {
  buyers: number;
  bursts: number;
  sold: number;
  failed: number;
  purchasesPerSecond: Measured;
  p99: Measured;
  pgbench: { clients: number; tps: Measured };
  ratio: Measured;
  errorSamples: string[];
}

/** Wait until every lead is on `viewer`'s available list: priced (LeadPriced) and matched, so sellable. */
async function untilListed(base: string, viewer: BenchContractor, leadIds: string[], maxMs = 60_000) {
  if (leadIds.length > AVAILABLE_LEADS_SHOWN)
    throw new Error(`a burst of ${leadIds.length} leads cannot all show on a list of ${AVAILABLE_LEADS_SHOWN}`);
  const started = Date.now();
  for (;;) {
    const res = await call(base, 'contractors-available-leads', {
      token: viewer.token,
      query: { contractor_id: viewer.id },
    });
    const listed = new Set<string>((res.body?.available_leads ?? []).map((l: { id: string }) => l.id));
    if (leadIds.every((id) => listed.has(id))) return;
    if (Date.now() - started > maxMs) throw new Error(`leads not sellable after ${maxMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `count` bursts of one lead per buyer, each submitted until valid and waited for until sellable:
 * the list shows only the newest AVAILABLE_LEADS_SHOWN, so each burst is waited for as it is
 * submitted (the next one pushes it out of view, still sellable).
 */
export async function sellableBursts(
  base: string,
  buyers: BenchContractor[],
  count: number,
  tag: string,
): Promise<string[][]> {
  const bursts: string[][] = [];
  for (let b = 0; b < count; b++) {
    const ids: string[] = [];
    while (ids.length < buyers.length) {
      const res = await submitLead(base, leadBody(`${tag}-${b}-${ids.length}`));
      if (res.body?.status === 'valid') ids.push(res.body.lead_id);
    }
    await untilListed(base, buyers[0]!, ids);
    bursts.push(ids);
  }
  return bursts;
}

/** Each buyer buys its own lead of a burst, the whole burst at once, burst after burst. */
export async function buyBursts(base: string, buyers: BenchContractor[], bursts: string[][]) {
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let seconds = 0,
    sold = 0,
    failed = 0;
  for (const ids of bursts) {
    const started = performance.now();
    const results = await Promise.all(
      buyers.map((c, i) =>
        call(base, 'purchase-lead', { token: c.token, body: { lead_id: ids[i], contractor_id: c.id } }),
      ),
    );
    seconds += (performance.now() - started) / 1000;
    for (const res of results) {
      latencies.push(res.ms);
      if (res.status === 200 && res.body?.success === true) sold++;
      else {
        failed++;
        if (errorSamples.length < 5) errorSamples.push(`${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
  }
  return { latencies, seconds, sold, failed, errorSamples };
}

/**
 * Figure 3b: `buyers` contractors each buy a *different* lead, all at once, `bursts` times
 * per run. No sale may wait on another (no marketplace-wide row), so this should run near the
 * database's own pace: compared with pgbench tpcb-like at the same client count in the same run
 * (capped, as figure 3, by the connections the stack leaves free).
 */
export async function differentLeadsFigure(
  base: string,
  databaseUrl: string,
  contractors: BenchContractor[],
  opts: {
    buyers: number;
    bursts: number;
    runs: number;
    pgbenchSeconds: number;
    /** Wait until the bursts' own pipeline (their SMS, their events) is done, so it does not compete with the purchases. */
    settle: () => Promise<void>;
  },
): Promise<DifferentLeadsFigure> {
  const buyers = contractors.slice(0, opts.buyers);
  const pgClients = Math.min(buyers.length, 20);
  const rates: number[] = [],
    p99s: number[] = [],
    tpsRuns: number[] = [],
    ratios: number[] = [];
  const errorSamples: string[] = [];
  let sold = 0,
    failed = 0;
  for (let r = 0; r < opts.runs; r++) {
    const bursts = await sellableBursts(base, buyers, opts.bursts, `d${r}`);
    await opts.settle();
    const bought = await buyBursts(base, buyers, bursts);
    sold += bought.sold;
    failed += bought.failed;
    errorSamples.push(...bought.errorSamples.slice(0, 5 - errorSamples.length));
    const { latencies, seconds } = bought;
    const rate = (bursts.length * buyers.length) / seconds;
    rates.push(rate);
    p99s.push(percentile(latencies, 99));
    const tps = pgbenchTps(databaseUrl, pgClients, opts.pgbenchSeconds);
    tpsRuns.push(tps);
    ratios.push(rate / tps);
  }
  return {
    buyers: buyers.length,
    bursts: opts.bursts,
    sold,
    failed,
    purchasesPerSecond: measured(rates),
    p99: measured(p99s),
    pgbench: { clients: pgClients, tps: measured(tpsRuns) },
    ratio: measured(ratios),
    errorSamples,
  };
}

/** The figure's lines in the report (next to figure 3). */
export function logDifferentLeads(f: DifferentLeadsFigure, log: (line: string) => void): void {
  log(`## 3b. ${f.buyers} different leads bought at once by ${f.buyers} contractors (${f.bursts} bursts per run)\n`);
  log(
    `- ${f.sold} sold, ${f.failed} failed; ${fmt(f.purchasesPerSecond, 0, ' purchases/s')}, p99 ${fmt(f.p99, 0, ' ms')}`,
  );
  log(
    `- pgbench tpcb-like at ${f.pgbench.clients} clients: ${fmt(f.pgbench.tps, 0, ' tps')}; ratio ${fmt(f.ratio, 2)} (goal ≥ 0.8)\n`,
  );
  for (const e of f.errorSamples) log(`  - error: ${e}`);
}
