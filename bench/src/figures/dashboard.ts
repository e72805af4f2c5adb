import { call, type BenchContractor } from '../client.js';
import { measured, percentile, type Measured } from '../stats.js';

/** The calls the contractor dashboard makes when it loads. */
const DASHBOARD_CALLS = (c: BenchContractor) =>
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

export interface DashboardFigure {
  contractors: number;
  perCall: Record<string, Measured>;
  slowest: { call: string; p99: Measured };
  errors: number;
  /** The first failing answers, to say what went wrong. */
  errorSamples: string[];
}

/** Figure 4: `contractors` contractors load the dashboard at once, `rounds` times; p99 of each call. */
export async function dashboardFigure(
  base: string,
  contractors: BenchContractor[],
  opts: { rounds: number; runs: number },
): Promise<DashboardFigure> {
  const perCallRuns: Record<string, number[]> = {};
  let errors = 0;
  const errorSamples: string[] = [];
  for (let r = 0; r < opts.runs; r++) {
    const samples: Record<string, number[]> = {};
    for (let round = 0; round < opts.rounds; round++) {
      await Promise.all(
        contractors.map(async (c) => {
          const results = await Promise.all(
            DASHBOARD_CALLS(c).map(([name, o]) =>
              call(base, name, { ...o, token: c.token }).then((res) => ({ name, res })),
            ),
          );
          for (const { name, res } of results) {
            if (res.status >= 400) {
              errors++;
              if (errorSamples.length < 3)
                errorSamples.push(`${name} ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            }
            (samples[name] ??= []).push(res.ms);
          }
        }),
      );
    }
    for (const [name, values] of Object.entries(samples)) (perCallRuns[name] ??= []).push(percentile(values, 99));
  }
  const perCall = Object.fromEntries(Object.entries(perCallRuns).map(([k, v]) => [k, measured(v)]));
  const [slowName, slowP99] = Object.entries(perCall).sort((a, b) => b[1].median - a[1].median)[0]!;
  return { contractors: contractors.length, perCall, slowest: { call: slowName, p99: slowP99 }, errors, errorSamples };
}
