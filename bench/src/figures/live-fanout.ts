import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@leadmarket/contracts';
import { buildEnvelope } from '@leadmarket/platform';
import type { BenchContractor } from '../client.js';
import { measured, percentile, type Measured } from '../stats.js';

export interface LiveFanoutFigure {
  streams: number;
  contractors: number;
  /** p99 over the streams of (delivery − publish), per run. */
  p99: Measured;
  p50: Measured;
  /** Streams that never got the push within the wait. */
  missed: number;
}

/** Open one dashboard stream; resolves once it said `ready`. `onOffer` gets each offer's lead id. */
async function openStream(base: string, token: string, signal: AbortSignal, onOffer: (leadId: string) => void) {
  const url = new URL('/.netlify/functions/contractor-events', base);
  url.searchParams.set('session_token', token);
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`contractor-events ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (event === 'ready') ready();
        if (event === 'offer' && data) onOffer(JSON.parse(data).lead_id);
      }
    }
  })();
  await isReady;
}

/**
 * Figure 7: `tabs` dashboard streams per contractor stay open through the gateway; one LeadMatched
 * offering the lead to every one of them is published on the bus; each stream's delivery time is
 * taken from the publish. Repeated `runs` times with a fresh lead id each.
 */
export async function liveFanoutFigure(
  base: string,
  contractors: BenchContractor[],
  publish: (envelope: EventEnvelope) => Promise<void>,
  opts: { tabs: number; runs: number; waitMs?: number },
): Promise<LiveFanoutFigure> {
  const controller = new AbortController();
  const arrivals = new Map<string, number[]>();
  try {
    const opened: Array<Promise<void>> = [];
    for (const c of contractors)
      for (let t = 0; t < opts.tabs; t++)
        opened.push(
          openStream(base, c.token, controller.signal, (leadId) => arrivals.get(leadId)?.push(performance.now())),
        );
    // Open in batches of the whole set: the gateway authenticates each once (session cache after).
    await Promise.all(opened);
    const streams = opened.length;
    const p99s: number[] = [];
    const p50s: number[] = [];
    let missed = 0;
    for (let run = 0; run < opts.runs; run++) {
      const leadId = randomUUID();
      arrivals.set(leadId, []);
      const now = new Date().toISOString();
      const sentAt = performance.now();
      await publish(
        buildEnvelope('matching', {
          type: 'LeadMatched',
          data: {
            lead_id: leadId,
            service_category: 'home_services',
            sub_service: 'plumbing',
            zip_code: '94107',
            price_cents: 2000,
            offers: contractors.map((c, i) => ({
              contractor_id: c.id,
              rank: i + 1,
              expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            })),
            matched_at: now,
          },
        }),
      );
      const deadline = Date.now() + (opts.waitMs ?? 10_000);
      while (arrivals.get(leadId)!.length < streams && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const delays = arrivals.get(leadId)!.map((t) => t - sentAt);
      missed += streams - delays.length;
      p99s.push(percentile(delays, 99));
      p50s.push(percentile(delays, 50));
    }
    return { streams, contractors: contractors.length, p99: measured(p99s), p50: measured(p50s), missed };
  } finally {
    controller.abort();
  }
}
