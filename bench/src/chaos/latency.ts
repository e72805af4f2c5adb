import pg from 'pg';

/** A message as the fake Twilio recorded it: its sid and when it arrived (this process's clock). */
export interface ArrivedSms {
  sid: string;
  at: number;
}

/** Submit → first offer SMS over the leads submitted in a window. */
export interface LatencyFigures {
  /** Leads accepted in the window. */
  leads: number;
  /** Those of them whose offer reached the fake Twilio (the rest were bought or cancelled first). */
  offered: number;
  median?: number;
  p95?: number;
}

/** The nearest-rank percentile of `sorted` (ascending), q in (0, 1]. */
export function percentile(sorted: number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/**
 * The pipeline's speed as a customer and a contractor see it: from the moment the load sent a lead
 * to the moment the first offer SMS of that lead reached the fake Twilio. Both times are taken in
 * this process, so no clock of another process enters. An SMS is tied to its lead by its message sid,
 * which notification records on the delivery it sent (read directly, never through the proxy the
 * faults go through).
 */
export class SmsLatency {
  private readonly leadOfSid = new Map<string, string>();

  constructor(
    private readonly db: pg.Client,
    /** When each accepted lead's submit was sent. */
    private readonly submittedAt: ReadonlyMap<string, number>,
    private readonly sms: () => ArrivedSms[],
  ) {}

  /** When the first offer SMS of each lead offered so far arrived. */
  async firstSms(): Promise<Map<string, number>> {
    const messages = this.sms();
    // A delivery is recorded after its provider call: a sid not found yet is looked up again next time.
    const unmapped = messages.filter((m) => !this.leadOfSid.has(m.sid)).map((m) => m.sid);
    if (unmapped.length > 0) {
      const { rows } = await this.db.query<{ sid: string; lead_id: string }>(
        `select provider_message_id as sid, lead_id from notification.deliveries
          where kind = 'lead_offer' and lead_id is not null and provider_message_id = any($1::text[])`,
        [unmapped],
      );
      for (const r of rows) this.leadOfSid.set(r.sid, r.lead_id);
    }
    const first = new Map<string, number>();
    for (const m of messages) {
      const lead = this.leadOfSid.get(m.sid);
      if (lead && !(first.get(lead)! <= m.at)) first.set(lead, m.at);
    }
    return first;
  }

  /** Leads whose submit was sent in [from, to), oldest first. */
  submitted(from: number, to = Infinity): Array<{ id: string; at: number }> {
    return [...this.submittedAt]
      .filter(([, at]) => at >= from && at < to)
      .map(([id, at]) => ({ id, at }))
      .sort((a, b) => a.at - b.at);
  }

  /** Median and p95 of submit → first SMS over the leads submitted in [from, to) that were offered. */
  async figures(from: number, to: number): Promise<LatencyFigures> {
    const first = await this.firstSms();
    const leads = this.submitted(from, to);
    const latencies = leads.flatMap((l) => (first.has(l.id) ? [first.get(l.id)! - l.at] : [])).sort((a, b) => a - b);
    return {
      leads: leads.length,
      offered: latencies.length,
      median: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
    };
  }
}

export interface BackToSpeed {
  held: boolean;
  /**
   * The group that showed it (or the last one judged): when its first lead was submitted, and just
   * after its last one, for its figures once every offer of it is in.
   */
  group?: { from: number; to: number };
}

/**
 * Whether, among the groups of `size` consecutive leads submitted from `from` on and before
 * `deadline`, one has its median submit → first SMS at most `limitMs`. A group's median is at most
 * the limit once more than half of the group was offered within it, and above it once the others
 * cannot make up that half any more: a lead not offered yet counts as slow as soon as the limit has
 * passed since its submit, so a lead that is late is never left out of its group and a group is
 * judged as soon as its leads say so, without waiting for stragglers. Resolves once a group held, or
 * once every group that could still hold was judged (or `giveUpAt` passed).
 */
export async function waitBackToSpeed(
  latency: Pick<SmsLatency, 'submitted' | 'firstSms'>,
  o: { from: number; deadline: number; size: number; limitMs: number; giveUpAt: number; pollMs?: number },
): Promise<BackToSpeed> {
  const half = Math.ceil(o.size / 2);
  let start = 0;
  let last: BackToSpeed = { held: false };
  for (;;) {
    const leads = latency.submitted(o.from, o.deadline);
    const group = leads.slice(start, start + o.size);
    const now = Date.now();
    if (group.length === o.size) {
      const first = await latency.firstSms();
      const known = group.flatMap((l) => (first.has(l.id) ? [first.get(l.id)! - l.at] : []));
      const fast = known.filter((ms) => ms <= o.limitMs).length;
      const slow = group.filter((l) =>
        first.has(l.id) ? first.get(l.id)! - l.at > o.limitMs : now - l.at > o.limitMs,
      ).length;
      last = { held: false, group: { from: group[0]!.at, to: group.at(-1)!.at + 1 } };
      if (fast >= half) return { ...last, held: true };
      // This group cannot hold any more: try the one starting a lead later.
      if (slow > o.size - half) {
        start++;
        continue;
      }
    } else if (now >= o.deadline) return last; // no group left that was submitted in time
    if (now >= o.giveUpAt) return last;
    await new Promise((r) => setTimeout(r, o.pollMs ?? 250));
  }
}
