import { call, type BenchContractor } from '../client.js';
import type { BenchStack } from '../stack.js';
import { percentile } from '../stats.js';
import { pipelineRun, type PipelineRun } from './pipeline.js';

/** Figure 4b: dashboard first paints at a fixed rate while the pipeline runs at its own fixed rate. */
export interface MixedPaintFigure {
  contractors: number;
  seconds: number;
  paintsPerSecond: number;
  /** First paints sent, and per second over the window as actually sent. */
  paints: number;
  sentPerSecond: number;
  /** How late the bench's own timer sent a paint after its slot (ms): a lagging client would offer less than the rate. */
  sendLagMaxMs: number;
  /** Each first paint's time, request sent → whole answer read (ms), as figure 4 times it. */
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Answers with status 200 that name parts they could not fill (the first screen shown incomplete). */
  incomplete: number;
  errorSamples: string[];
  /** The pipeline's own run in the same window: submit → first SMS, leads through. */
  pipeline: PipelineRun;
}

/**
 * What users meet: contractors open their dashboards while leads keep arriving. The pipeline submits
 * `leadsPerSecond` leads a second (figure 2's open-loop sender) and, over the same `seconds`, the
 * dashboard's first paint (its one call, contractors-dashboard, as figure 4 issues it) is sent
 * `paintsPerSecond` times a second in turn over `contractors`. Both schedules are fixed, open loop: a
 * slow answer does not delay the next request, so a slow stack cannot lower the load it is measured
 * under. Figure 4's 100-at-once burst measures the peak; this is the steady mix.
 */
export async function mixedPaintFigure(
  stack: BenchStack,
  contractors: BenchContractor[],
  opts: { paintsPerSecond: number; leadsPerSecond: number; seconds: number; maxSettleMs: number; tag: string },
): Promise<MixedPaintFigure> {
  if (contractors.length === 0) throw new Error('mixed paint figure: no contractors to paint for');
  const times: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let incomplete = 0;
  let sendLagMaxMs = 0;

  const paints = async () => {
    const total = Math.round(opts.paintsPerSecond * opts.seconds);
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / opts.paintsPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sendLagMaxMs = Math.max(sendLagMaxMs, performance.now() - due);
      const c = contractors[i % contractors.length]!;
      inFlight.push(
        call(stack.url, 'contractors-dashboard', { query: { contractor_id: c.id }, token: c.token }).then(
          (res) => {
            times.push(res.ms);
            if (res.status !== 200) {
              errors++;
              if (errorSamples.length < 3) errorSamples.push(`${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            } else if (Array.isArray(res.body?.missing)) incomplete++;
          },
          (err: Error) => {
            errors++;
            if (errorSamples.length < 3) errorSamples.push(`no answer: ${err.message}`);
          },
        ),
      );
    }
    // Sent over the schedule's window (the last slot is at seconds − 1/rate), before the answers are in.
    const sendWindowMs = performance.now() - started;
    await Promise.all(inFlight);
    return { sent: total, sendWindowMs };
  };

  // The pipeline's run goes on after its submits until its SMS are in; the paints stop with the submits.
  const [pipeline, sent] = await Promise.all([
    pipelineRun(stack, {
      ratePerSecond: opts.leadsPerSecond,
      seconds: opts.seconds,
      maxSettleMs: opts.maxSettleMs,
      tag: opts.tag,
    }),
    paints(),
  ]);
  return {
    contractors: contractors.length,
    seconds: opts.seconds,
    paintsPerSecond: opts.paintsPerSecond,
    paints: sent.sent,
    sentPerSecond: sent.sent / Math.max(0.001, (sent.sendWindowMs + 1000 / opts.paintsPerSecond) / 1000),
    sendLagMaxMs,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.length ? Math.max(...times) : NaN,
    errors,
    incomplete,
    errorSamples,
    pipeline,
  };
}

/** The figure's lines for bench/results and the one-figure script: the paints, then the load they met. */
export function mixedPaintLines(f: MixedPaintFigure): string[] {
  const p = f.pipeline;
  return [
    `- ${f.paints} first paints over ${f.contractors} contractors, ${f.paintsPerSecond}/s offered for ${f.seconds} s ` +
      `(${f.sentPerSecond.toFixed(1)}/s sent, the bench's timer at most ${f.sendLagMaxMs.toFixed(0)} ms late): ` +
      `p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, max ${f.max.toFixed(0)} ms; errors ${f.errors}, ` +
      `with a part missing ${f.incomplete} (goal: p99 < 100 ms)`,
    ...f.errorSamples.map((e) => `  - error: ${e}`),
    `- the pipeline meanwhile, ${p.offeredPerSecond} leads/s offered: ${p.leads} leads submitted, ${p.timed} timed to ` +
      `their first SMS, ${p.throughput.toFixed(0)} leads/s through; submit → first SMS p50 ${p.p50.toFixed(0)} ms, ` +
      `p99 ${p.p99.toFixed(0)} ms; the submit's reply p50 ${p.submitP50.toFixed(0)} ms, p99 ${p.submitP99.toFixed(0)} ms`,
  ];
}
