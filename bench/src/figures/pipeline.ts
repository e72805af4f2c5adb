import { createHash } from 'node:crypto';
import pg from 'pg';
import { call, leadBody, submitLead } from '../client.js';
import type { BenchStack } from '../stack.js';
import { largestFirst, percentile } from '../stats.js';

/** One open-loop run: leads submitted at a fixed rate, each timed to its first SMS at the (fake) provider. */
export interface PipelineRun {
  offeredPerSecond: number;
  seconds: number;
  leads: number;
  /** Leads whose submit reply said valid (the others answered pending, or rejected). */
  valid: number;
  sms: number;
  /** Leads with at least one SMS (every bench lead is valid and served). */
  timed: number;
  /** Submit sent → first SMS handed to the provider (ms). */
  p50: number;
  p99: number;
  /** The submit's own reply time (ms). */
  submitP50: number;
  submitP99: number;
  /** Leads brought to their first SMS per second, first submit to last first-SMS. */
  throughput: number;
  /** CPU milliseconds per lead, every stack process and the bench database's PostgreSQL backends. */
  cpuMsPerLead?: number;
  cpuByKind?: Record<string, number>;
  /** CPU ms per lead by process: "node lead-intake", "postgres matching", … */
  cpuByProcess?: Record<string, number>;
  /** Write system calls per lead by process (round trips: statements, messages, HTTP), counted not timed. */
  writesByProcess?: Record<string, number>;
  /** How long the CPU was counted (submits and the settle wait), to subtract the idle stack's own use. */
  cpuWindowMs?: number;
}

/** The lead each claim token (from an SMS) belongs to: read by the token's hash from whichever schema stores offers. */
async function leadsOfTokens(stack: BenchStack, tokens: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (tokens.length === 0) return out;
  const byHash = new Map(tokens.map((t) => [createHash('sha256').update(t).digest('hex'), t]));
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
      `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
         join information_schema.columns l
           on l.table_schema = c.table_schema and l.table_name = c.table_name and l.column_name = 'lead_id'
        where c.column_name in ('token_hash', 'claim_token_hash')`,
    );
    for (const t of tables) {
      const { rows } = await client.query<{ lead_id: string; h: string }>(
        `select lead_id::text, ${pg.escapeIdentifier(t.column_name)} as h from ${pg.escapeIdentifier(t.table_schema)}.${pg.escapeIdentifier(t.table_name)} where ${pg.escapeIdentifier(t.column_name)} = any($1)`,
        [[...byHash.keys()]],
      );
      for (const r of rows) out.set(byHash.get(r.h)!, r.lead_id);
    }
  } finally {
    await client.end();
  }
  // Tokens no table knows (storage moved): ask leads-claim-get, twenty at a time.
  const missing = tokens.filter((t) => !out.has(t));
  for (let i = 0; i < missing.length; i += 20)
    await Promise.all(
      missing.slice(i, i + 20).map(async (token) => {
        const res = await call(stack.url, 'leads-claim-get', { query: { token } });
        if (res.body?.lead?.id) out.set(token, res.body.lead.id);
      }),
    );
  return out;
}

/**
 * Submit `ratePerSecond` leads a second for `seconds` (open loop: the schedule does not wait for
 * replies), then wait until no SMS has arrived for 3 s (a backlog shows as latency, not loss), and
 * time each lead from its submit to its first SMS at the fake Twilio.
 */
export async function pipelineRun(
  stack: BenchStack,
  opts: { ratePerSecond: number; seconds: number; maxSettleMs: number; tag: string; measureCpu?: boolean },
): Promise<PipelineRun> {
  stack.twilio.messages.length = 0;
  const sentAt = new Map<string, number>();
  const replyMs: number[] = [];
  let valid = 0;
  const total = Math.round(opts.ratePerSecond * opts.seconds);
  const cpu = opts.measureCpu ? await stack.cpuMeter() : undefined;
  const started = Date.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.ratePerSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    const at = Date.now();
    inFlight.push(
      submitLead(stack.url, leadBody(`${opts.tag}-${i}`)).then(
        (res) => {
          replyMs.push(res.ms);
          if (res.body?.lead_id) sentAt.set(res.body.lead_id, at);
          if (res.body?.status === 'valid') valid++;
        },
        () => {},
      ),
    );
  }
  await Promise.all(inFlight);
  const settleDeadline = Date.now() + opts.maxSettleMs;
  for (let last = -1; stack.twilio.messages.length !== last && Date.now() < settleDeadline;) {
    last = stack.twilio.messages.length;
    await new Promise((res) => setTimeout(res, 3000));
  }
  const usage = await cpu?.stop();
  const cpuWindowMs = Date.now() - started;
  const messages = [...stack.twilio.messages];
  const tokenAt = new Map<string, number>();
  for (const m of messages) {
    const token = m.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
    if (token && !tokenAt.has(token)) tokenAt.set(token, m.at);
  }
  const leadOf = await leadsOfTokens(stack, [...tokenAt.keys()]);
  const firstSms = new Map<string, number>();
  for (const [token, at] of tokenAt) {
    const id = leadOf.get(token);
    if (id && (!firstSms.has(id) || firstSms.get(id)! > at)) firstSms.set(id, at);
  }
  const latencies = [...sentAt].flatMap(([id, at]) => (firstSms.has(id) ? [Math.max(0, firstSms.get(id)! - at)] : []));
  const ours = [...sentAt.keys()].filter((id) => firstSms.has(id));
  const lastSms = Math.max(...ours.map((id) => firstSms.get(id)!));
  return {
    offeredPerSecond: opts.ratePerSecond,
    seconds: opts.seconds,
    leads: sentAt.size,
    valid,
    sms: messages.length,
    timed: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    submitP50: percentile(replyMs, 50),
    submitP99: percentile(replyMs, 99),
    throughput: ours.length ? ours.length / Math.max(0.001, (lastSms - started) / 1000) : 0,
    ...(usage
      ? {
          cpuMsPerLead: usage.totalMs / Math.max(1, sentAt.size),
          cpuByKind: perLead(byPrefix(usage.byKind), sentAt.size),
          cpuByProcess: perLead(usage.byKind, sentAt.size),
          writesByProcess: perLead(usage.writesByKind, sentAt.size),
          cpuWindowMs,
        }
      : {}),
  };
}

/** "node lead-intake" and "node matching" → "node"; "postgres …" → "postgres". */
const byPrefix = (byKind: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(byKind)) out[k.split(' ')[0]!] = (out[k.split(' ')[0]!] ?? 0) + v;
  return out;
};

const perLead = (byKind: Record<string, number>, leads: number) =>
  Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v / Math.max(1, leads)]));

/** Per-process figures per lead, largest first ("node matching 4.3, …"), leaving out those under `min`. */
export const byProcess = (figures: Record<string, number> | undefined, min = 0): string =>
  largestFirst(figures ?? {}, 1, min);

/** The sum of per-process figures (e.g. every process's writes per lead). */
export const total = (figures: Record<string, number> | undefined): number =>
  Object.values(figures ?? {}).reduce((t, v) => t + v, 0);

/** A run is sustained when every lead got its SMS and p99 stayed under a second. */
export const sustained = (run: PipelineRun) => run.leads > 0 && run.timed >= run.leads && run.p99 < 1000;

/**
 * The highest rate the whole pipeline sustains: steps up through `rates` (`seconds` each) and stops
 * at the first that is not sustained (a backlog would only grow from there). `sustainedBefore` is a
 * rate already shown sustained (figure 2's), the answer when no step above it is.
 */
export async function sustainedRate(
  stack: BenchStack,
  opts: { rates: number[]; seconds: number; maxSettleMs: number; sustainedBefore?: number },
): Promise<{ steps: PipelineRun[]; sustainedPerSecond: number }> {
  const steps: PipelineRun[] = [];
  let best = opts.sustainedBefore ?? 0;
  for (const rate of opts.rates) {
    const run = await pipelineRun(stack, {
      ratePerSecond: rate,
      seconds: opts.seconds,
      maxSettleMs: opts.maxSettleMs,
      tag: `s${rate}`,
      measureCpu: true,
    });
    steps.push(run);
    console.log(
      `  pipeline at ${rate} leads/s: ${run.timed}/${run.leads} leads timed, p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, ${run.throughput.toFixed(0)} leads/s`,
    );
    if (!sustained(run)) break;
    best = rate;
  }
  return { steps, sustainedPerSecond: best };
}

/** CPU milliseconds per second the stack uses with nothing to do (timers, polling fallbacks, GC), measured over `ms`. */
export async function idleCpuRate(stack: BenchStack, ms: number): Promise<number> {
  const meter = await stack.cpuMeter();
  await new Promise((r) => setTimeout(r, ms));
  return ((await meter.stop()).totalMs * 1000) / ms;
}

/** CPU per lead less what the idle stack would have used over the same window. */
export const netCpuMsPerLead = (run: PipelineRun, idleMsPerSecond: number) =>
  Math.max(0, (run.cpuMsPerLead! * run.leads - (idleMsPerSecond * run.cpuWindowMs!) / 1000) / Math.max(1, run.leads));
