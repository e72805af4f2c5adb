import { execFileSync } from 'node:child_process';
import { call, leadBody, submitLead, type BenchContractor } from '../client.js';
import { measured, percentile, type Measured } from '../stats.js';

export interface ContentionFigure {
  contractors: number;
  leads: number;
  exactlyOneWinner: boolean;
  leadsWithOneWinner: number;
  attemptsPerSecond: Measured;
  salesPerSecond: Measured;
  p99: Measured;
  pgbench: { clients: number; tps: Measured };
  ratio: Measured;
}

/** pgbench tpcb-like at `clients` for `seconds`, on its own scratch tables in the bench database. */
export function pgbenchTps(databaseUrl: string, clients: number, seconds: number): number {
  execFileSync('pgbench', ['-i', '-q', '-s', '1', databaseUrl], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [
    '-b',
    'tpcb-like',
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-n',
    databaseUrl,
  ]).toString();
  const tps = out.match(/tps = ([\d.]+)/);
  if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
  return Number(tps[1]);
}

/**
 * Figure 3: `contractors` funded contractors race for each of `leads` leads (all press Purchase at once);
 * exactly one may win each. Compared with pgbench at the same client count in the same run.
 */
export async function contentionFigure(
  base: string,
  databaseUrl: string,
  contractors: BenchContractor[],
  opts: {
    leads: number;
    runs: number;
    pgbenchSeconds: number;
    pgbenchClients?: number;
    /** Wait until the leads' own pipeline (their SMS, their events) is done, so it does not compete with the race. */
    settle: () => Promise<void>;
  },
): Promise<ContentionFigure> {
  const attempts: number[] = [],
    sales: number[] = [],
    p99s: number[] = [],
    tpsRuns: number[] = [],
    ratios: number[] = [];
  let leadsWithOneWinner = 0,
    totalLeads = 0;
  // PostgreSQL here allows 100 connections, shared with the stack and other users: pgbench gets
  // what the bench's connection plan leaves it (at most 20), so the ratio compares our HTTP
  // clients with that many database clients.
  const pgClients = Math.min(contractors.length, opts.pgbenchClients ?? 20);
  for (let r = 0; r < opts.runs; r++) {
    const leadIds: string[] = [];
    for (let i = 0; i < opts.leads; i++) {
      const res = await submitLead(base, leadBody(`c${r}-${i}`));
      if (res.body?.status === 'valid') leadIds.push(res.body.lead_id);
    }
    await opts.settle(); // prices fixed, offers sent
    const race = await raceForLeads(base, contractors, leadIds);
    leadsWithOneWinner += race.leadsWithOneWinner;
    totalLeads += leadIds.length;
    const { sold, seconds } = race;
    attempts.push((leadIds.length * contractors.length) / seconds);
    sales.push(sold / seconds);
    p99s.push(percentile(race.latencies, 99));
    const tps = pgbenchTps(databaseUrl, pgClients, opts.pgbenchSeconds);
    tpsRuns.push(tps);
    ratios.push(attempts[attempts.length - 1]! / tps);
  }
  return {
    contractors: contractors.length,
    leads: totalLeads,
    exactlyOneWinner: leadsWithOneWinner === totalLeads,
    leadsWithOneWinner,
    attemptsPerSecond: measured(attempts),
    salesPerSecond: measured(sales),
    p99: measured(p99s),
    pgbench: { clients: pgClients, tps: measured(tpsRuns) },
    ratio: measured(ratios),
  };
}

/** Figure 3's race: every contractor presses Purchase on each lead at once, one lead after another. */
export async function raceForLeads(
  base: string,
  contractors: BenchContractor[],
  leadIds: string[],
): Promise<{ latencies: number[]; sold: number; leadsWithOneWinner: number; seconds: number }> {
  const latencies: number[] = [];
  let sold = 0,
    leadsWithOneWinner = 0;
  const started = performance.now();
  for (const leadId of leadIds) {
    const results = await Promise.all(
      contractors.map((c) =>
        call(base, 'purchase-lead', { token: c.token, body: { lead_id: leadId, contractor_id: c.id } }),
      ),
    );
    for (const res of results) latencies.push(res.ms);
    const winners = results.filter((res) => res.status === 200 && res.body?.success === true).length;
    if (winners === 1) leadsWithOneWinner++;
    sold += winners;
  }
  return { latencies, sold, leadsWithOneWinner, seconds: (performance.now() - started) / 1000 };
}
