import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { customerAddress, leadBody, UNSERVED_ZIP } from '../client.js';
import { measured, percentile, type Measured } from '../stats.js';

interface Run {
  /** Successful answers. */
  ok: number;
  rps: number;
  p50: number;
  p99: number;
}

export function load(
  url: string,
  connections: number,
  seconds: number,
  body: () => unknown,
  overallRate?: number,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            // Each lead from its own customer's address (the gateway trusts loopback as its proxy).
            setupRequest: (req: { headers?: Record<string, string> }) => ({
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': customerAddress() },
              body: JSON.stringify(body()),
            }),
          },
        ],
      },
      (err: Error | null, result: AutocannonResult) => {
        if (err) return reject(err);
        // Errors are reported, not fatal: a figure on a busy machine is still a figure.
        const errors = result.non2xx + result.errors + result.timeouts;
        if (errors > 0) console.warn(`  ${errors} non-2xx answers, errors or timeouts from ${url}`);
        // Throughput counts successful answers only.
        const ok = Math.max(0, result.requests.total - result.non2xx);
        resolve({ ok, rps: ok / Math.max(1, result.duration), p50: result.latency.p50, p99: result.latency.p99 });
      },
    );
    void instance;
  });
}

/** What autocannon's result holds that this figure reads (its package ships no types). */
interface AutocannonResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
}

/** The physical-limit anchor: a bare Fastify route doing one PostgreSQL insert per request. */
async function startAnchor(databaseUrl: string, poolSize: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  await pool.query(
    'create table if not exists bench_anchor (id bigserial primary key, body jsonb not null, created_at timestamptz default now())',
  );
  const app = Fastify();
  app.post('/insert', async (req) => {
    await pool.query('insert into bench_anchor (body) values ($1)', [JSON.stringify(req.body)]);
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/insert`, stop: async () => (await app.close(), await pool.end()) };
}

export interface IntakeFigure {
  levels: Array<{
    connections: number;
    ours: Measured;
    anchor: Measured;
    ratio: Measured;
    p50: Measured;
    p99: Measured;
  }>;
  at100rps: { p50: Measured; p99: Measured };
}

let n = 0;
/** Figure 1's lead: valid, each from its own phone and address, to a ZIP nobody serves (never matched). */
export const intakeLead = () => leadBody(`i${n++}`, UNSERVED_ZIP);

/** Figure 1: leads-submit through the gateway at rising concurrency, side by side with the anchor. */
export async function intakeFigure(
  base: string,
  databaseUrl: string,
  opts: { levels: number[]; seconds: number; runs: number; anchorPool?: number },
): Promise<IntakeFigure> {
  const anchor = await startAnchor(databaseUrl, opts.anchorPool ?? 20);
  const body = intakeLead;
  const levels = [];
  try {
    for (const connections of opts.levels) {
      const ours: number[] = [],
        anchors: number[] = [],
        ratios: number[] = [],
        p50: number[] = [],
        p99: number[] = [];
      for (let r = 0; r < opts.runs; r++) {
        const a = await load(anchor.url, connections, opts.seconds, body);
        const o = await load(`${base}/.netlify/functions/leads-submit`, connections, opts.seconds, body);
        ours.push(o.rps);
        anchors.push(a.rps);
        ratios.push(o.rps / a.rps);
        p50.push(o.p50);
        p99.push(o.p99);
      }
      levels.push({
        connections,
        ours: measured(ours),
        anchor: measured(anchors),
        ratio: measured(ratios),
        p50: measured(p50),
        p99: measured(p99),
      });
    }
    const p50: number[] = [],
      p99: number[] = [];
    for (let r = 0; r < opts.runs; r++) {
      const fixed = await load(`${base}/.netlify/functions/leads-submit`, 20, opts.seconds, body, 100);
      p50.push(fixed.p50);
      p99.push(fixed.p99);
    }
    return { levels, at100rps: { p50: measured(p50), p99: measured(p99) } };
  } finally {
    await anchor.stop();
  }
}

export { percentile };
