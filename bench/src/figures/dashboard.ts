import { call, type BenchContractor } from '../client.js';
import { measured, percentile, type Measured } from '../stats.js';

type Calls = (
  c: BenchContractor,
) => ReadonlyArray<readonly [string, { body?: unknown; query?: Record<string, string> }]>;

/**
 * The calls the contractor dashboard made when it loaded before its first paint became one call: a session check and nine
 * reads. Kept and measured in the same run as the first paint, so the two compare side by side.
 */
const TEN_CALLS: Calls = (c) =>
  [
    ['contractor-auth-check', { body: { session_token: c.token } }],
    ['contractors-dashboard', { query: { contractor_id: c.id } }],
    ['contractors-available-leads', { query: { contractor_id: c.id } }],
    ['get-purchased-leads', { query: { contractor_id: c.id } }],
    ['get-category-pricing', {}],
    ['contractor-performance-metrics', { query: { contractor_id: c.id, days: '30' } }],
    ['gamification-scoring', { query: { contractor_id: c.id } }],
    ['auto-reload-settings', { query: { contractor_id: c.id } }],
    ['get-lead-purchase-history', { query: { contractor_id: c.id, page: '1', limit: '25' } }],
    ['weekly-reports', { query: { contractor_id: c.id } }],
  ] as const;

/**
 * What the dashboard asks for its first paint now (web/src/features/dashboard/pages/dashboard-page.tsx):
 * one call, which is also the session check, answering the whole first screen.
 */
const FIRST_PAINT_CALLS: Calls = (c) => [['contractors-dashboard', { query: { contractor_id: c.id } }]] as const;

export interface DashboardFigure {
  contractors: number;
  /** Figure 4's goal: every contractor's first paint (all its calls answered), p99 over the contractors. */
  firstPaint: { p99: Measured; calls: number; incomplete: number };
  /** The ten calls of the dashboard before the one-call first paint, loaded the same way in the same run, for comparison. */
  tenCalls: { p99: Measured; perCall: Record<string, Measured> };
  perCall: Record<string, Measured>;
  slowest: { call: string; p99: Measured };
  errors: number;
  /** The first failing answers, to say what went wrong. */
  errorSamples: string[];
}

/** One load of `calls` by every contractor at once, `rounds` times: each load's time and each call's. */
async function loadAll(base: string, contractors: BenchContractor[], calls: Calls, rounds: number) {
  const loads: number[] = [];
  const perCall: Record<string, number[]> = {};
  const failures: string[] = [];
  let incomplete = 0;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      contractors.map(async (c) => {
        const started = performance.now();
        const results = await Promise.all(
          calls(c).map(([name, o]) => call(base, name, { ...o, token: c.token }).then((res) => ({ name, res }))),
        );
        loads.push(performance.now() - started);
        for (const { name, res } of results) {
          (perCall[name] ??= []).push(res.ms);
          if (res.status >= 400) failures.push(`${name} ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          // A 200 that names missing parts is an answer the first screen cannot fully show.
          else if (name === 'contractors-dashboard' && Array.isArray(res.body?.missing)) incomplete++;
        }
      }),
    );
  }
  return { loads, perCall, failures, incomplete };
}

/**
 * Figure 4: `contractors` contractors open the dashboard at once, `rounds` times per run: p99 of the
 * first paint (the one aggregate call), and of the ten calls the page used to make, side by side.
 */
export async function dashboardFigure(
  base: string,
  contractors: BenchContractor[],
  opts: { rounds: number; runs: number },
): Promise<DashboardFigure> {
  const firstPaintRuns: number[] = [];
  const tenRuns: number[] = [];
  const perCallRuns: Record<string, number[]> = {};
  const tenPerCallRuns: Record<string, number[]> = {};
  let errors = 0;
  let incomplete = 0;
  const errorSamples: string[] = [];
  const keep = (failures: string[]) => {
    errors += failures.length;
    for (const f of failures) if (errorSamples.length < 3) errorSamples.push(f);
  };
  for (let r = 0; r < opts.runs; r++) {
    const before = await loadAll(base, contractors, TEN_CALLS, opts.rounds);
    keep(before.failures);
    tenRuns.push(percentile(before.loads, 99));
    for (const [name, values] of Object.entries(before.perCall))
      (tenPerCallRuns[name] ??= []).push(percentile(values, 99));

    const now = await loadAll(base, contractors, FIRST_PAINT_CALLS, opts.rounds);
    keep(now.failures);
    incomplete += now.incomplete;
    firstPaintRuns.push(percentile(now.loads, 99));
    for (const [name, values] of Object.entries(now.perCall))
      (perCallRuns[`first paint: ${name}`] ??= []).push(percentile(values, 99));
  }
  const tenPerCall = Object.fromEntries(Object.entries(tenPerCallRuns).map(([k, v]) => [k, measured(v)]));
  const firstPaint = measured(firstPaintRuns);
  const perCall = {
    ...Object.fromEntries(Object.entries(perCallRuns).map(([k, v]) => [k, measured(v)])),
    'the ten calls before issue 19, whole load': measured(tenRuns),
  };
  return {
    contractors: contractors.length,
    firstPaint: { p99: firstPaint, calls: FIRST_PAINT_CALLS({ id: '', token: '' }).length, incomplete },
    tenCalls: { p99: measured(tenRuns), perCall: tenPerCall },
    perCall,
    // The figure's goal is the first paint; the old ten calls are reported beside it, not as the goal.
    slowest: { call: 'first paint (contractors-dashboard)', p99: firstPaint },
    errors,
    errorSamples,
  };
}
