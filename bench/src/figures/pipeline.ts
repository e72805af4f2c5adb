import { call, leadBody } from '../client.js';
import type { BenchStack } from '../stack.js';
import { measured, percentile, type Measured } from '../stats.js';

export interface PipelineFigure {
  leads: number;
  /** Leads screened valid (only those are offered). */
  valid: number;
  sms: number;
  matched: number;
  p50: Measured;
  p99: Measured;
}

/**
 * Figure 2: from the leads-submit reply to the first SMS handed to the provider (the fake Twilio),
 * at a fixed rate. Each SMS carries a claim link; leads-claim-get on its token names the lead.
 */
export async function pipelineFigure(
  stack: BenchStack,
  opts: { ratePerSecond: number; seconds: number; runs: number; maxSettleMs: number },
): Promise<PipelineFigure> {
  const p50s: number[] = [],
    p99s: number[] = [];
  let leads = 0,
    matched = 0,
    valid = 0,
    sms = 0;
  for (let r = 0; r < opts.runs; r++) {
    const replies = new Map<string, number>();
    stack.twilio.messages.length = 0;
    const total = opts.ratePerSecond * opts.seconds;
    const started = Date.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / opts.ratePerSecond;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      inFlight.push(
        call(stack.url, 'leads-submit', { body: leadBody(`p${r}-${i}`) }).then((res) => {
          if (res.body?.lead_id) replies.set(res.body.lead_id, Date.now());
          if (res.body?.status === 'valid') valid++;
        }),
      );
    }
    await Promise.all(inFlight);
    // Wait for the tail: until no SMS has arrived for 3 s (a backlog shows up as latency, not as loss).
    const settleDeadline = Date.now() + opts.maxSettleMs;
    for (let last = -1; stack.twilio.messages.length !== last && Date.now() < settleDeadline;) {
      last = stack.twilio.messages.length;
      await new Promise((res) => setTimeout(res, 3000));
    }
    sms += stack.twilio.messages.length;
    const firstSms = new Map<string, number>();
    const tokens = new Map<string, number>();
    for (const m of stack.twilio.messages) {
      const token = m.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
      if (token && !tokens.has(token)) tokens.set(token, m.at);
    }
    for (const [token, at] of tokens) {
      const res = await call(stack.url, 'leads-claim-get', { query: { token } });
      const id = res.body?.lead?.id;
      if (id && (!firstSms.has(id) || firstSms.get(id)! > at)) firstSms.set(id, at);
    }
    const latencies = [...replies].flatMap(([id, repliedAt]) =>
      firstSms.has(id) ? [Math.max(0, firstSms.get(id)! - repliedAt)] : [],
    );
    leads += replies.size;
    matched += latencies.length;
    p50s.push(percentile(latencies, 50));
    p99s.push(percentile(latencies, 99));
  }
  return { leads, valid, sms, matched, p50: measured(p50s), p99: measured(p99s) };
}
