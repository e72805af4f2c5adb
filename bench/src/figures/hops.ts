import pg from 'pg';
import { percentile } from '../stats.js';

/**
 * Where a lead's time goes between its submit and its first SMS, hop by hop, read after a run from
 * the services' own records (no instrumentation): when each event was emitted (its envelope's
 * `occurred_at`, inside the producing transaction), when each consumer's transaction began (its inbox
 * row's `processed_at`), and when notification claimed the lead's first SMS (`sending_at`). "in
 * transit" is commit + publish + delivery + waiting for a batch; "in <service>" is its transaction.
 */
const HOPS = [
  { from: 'lead_intake', event: 'LeadSubmitted', to: 'screening', next: 'LeadScreened' },
  { from: 'screening', event: 'LeadScreened', to: 'wallet_ledger', next: 'LeadPriced' },
  { from: 'wallet_ledger', event: 'LeadPriced', to: 'matching', next: 'LeadMatched' },
  { from: 'matching', event: 'LeadMatched', to: 'notification', next: undefined },
] as const;

export interface HopTimes {
  leads: number;
  /** Name of the step → p50 and p90 in ms over the run's leads. */
  steps: Array<{ step: string; p50: number; p90: number }>;
}

export async function hopTimes(databaseUrl: string, since: Date): Promise<HopTimes> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const at = new Map<string, Map<string, number>>();
    const put = (mark: string, leadId: string, t: Date | string) => {
      if (!at.has(mark)) at.set(mark, new Map());
      at.get(mark)!.set(leadId, new Date(t).getTime());
    };
    for (const hop of HOPS) {
      const emitted = await client.query<{ id: string; lead_id: string; t: string }>(
        `select id, envelope->'data'->>'lead_id' as lead_id, envelope->>'occurred_at' as t
           from ${hop.from}.outbox where type = $1 and created_at >= $2`,
        [hop.event, since],
      );
      const ids = emitted.rows.map((r) => r.id);
      for (const r of emitted.rows) put(`${hop.event} emitted`, r.lead_id, r.t);
      const leadOf = new Map(emitted.rows.map((r) => [r.id, r.lead_id]));
      const received = await client.query<{ event_id: string; t: Date }>(
        `select event_id, processed_at as t from ${hop.to}.inbox where event_id = any($1::uuid[])`,
        [ids],
      );
      for (const r of received.rows) put(`${hop.event} received`, leadOf.get(r.event_id)!, r.t);
    }
    const claimed = await client.query<{ lead_id: string; t: Date }>(
      `select lead_id, min(sending_at) as t from notification.deliveries
        where created_at >= $1 and lead_id is not null and sending_at is not null group by lead_id`,
      [since],
    );
    for (const r of claimed.rows) put('first SMS claimed', r.lead_id, r.t);

    const marks = [...HOPS.flatMap((h) => [`${h.event} emitted`, `${h.event} received`]), 'first SMS claimed'];
    const leads = [...(at.get(marks[0]!)?.keys() ?? [])];
    const steps: HopTimes['steps'] = [];
    for (let i = 1; i < marks.length; i++) {
      const [a, b] = [at.get(marks[i - 1]!), at.get(marks[i]!)];
      const d = leads
        .map((l) => (a?.has(l) && b?.has(l) ? b.get(l)! - a.get(l)! : undefined))
        .filter((x): x is number => x !== undefined);
      if (d.length === 0) continue;
      const hop = HOPS.find((h) => marks[i] === `${h.event} received`);
      const after = HOPS.find((h) => marks[i - 1] === `${h.event} received`);
      const step = hop ? `${hop.event} in transit` : after ? `in ${after.to}` : `${marks[i - 1]} → ${marks[i]}`;
      steps.push({ step, p50: percentile(d, 50), p90: percentile(d, 90) });
    }
    return { leads: leads.length, steps };
  } finally {
    await client.end();
  }
}

export const formatHops = (h: HopTimes) =>
  `${h.leads} leads, p50 / p90 ms: ` +
  h.steps.map((s) => `${s.step} ${s.p50.toFixed(0)} / ${s.p90.toFixed(0)}`).join('; ');
