import { leadBody, uniquePhone } from '../client.js';

/** Requests and failures (5xx or no answer) counted per fault window. */
export class WindowStats {
  private readonly windows = new Map<string, { requests: number; failures: number; started: number; ms: number }>();
  private current = 'start-up';

  constructor() {
    this.windows.set(this.current, { requests: 0, failures: 0, started: Date.now(), ms: 0 });
  }

  enter(name: string): void {
    const now = Date.now();
    const w = this.windows.get(this.current)!;
    w.ms += now - w.started;
    this.current = name;
    const next = this.windows.get(name) ?? { requests: 0, failures: 0, started: now, ms: 0 };
    next.started = now;
    this.windows.set(name, next);
  }

  record(ok: boolean): void {
    const w = this.windows.get(this.current)!;
    w.requests++;
    if (!ok) w.failures++;
  }

  get currentWindow(): string {
    return this.current;
  }

  rows() {
    this.enter(this.current);
    return [...this.windows.entries()].map(([name, w]) => ({ name, ...w }));
  }
}

export interface Contractor {
  id: string;
  token: string;
  phone: string;
}

export interface LoadResult {
  /** Leads the gateway accepted (2xx with a lead id). */
  accepted: Set<string>;
  /** When each accepted lead's submit was sent (this process's clock). */
  submittedAt: Map<string, number>;
  submits: number;
  purchases: number;
  sales: number;
  claims: number;
  claimSales: number;
  fundings: number;
  stop(): Promise<void>;
}

/**
 * Mixed load through the gateway as the browser sends it: lead submits, dashboard reads and
 * purchases, claims from the SMS links, and wallet top-ups through the development checkout (the
 * signed funding webhook path). Every answer is counted in the current fault window: a 5xx or no
 * answer at all is a failure; a 4xx is a correct answer (a lead already sold, a bad token).
 */
export function startLoad(options: {
  base: string;
  contractors: Contractor[];
  stats: WindowStats;
  /** SMS the fake Twilio received so far (claim links). */
  sms: () => Array<{ to: string; body: string }>;
  submitEveryMs: number;
}): LoadResult {
  const { base, contractors, stats } = options;
  let running = true;
  const result: LoadResult = {
    accepted: new Set(),
    submittedAt: new Map(),
    submits: 0,
    purchases: 0,
    sales: 0,
    claims: 0,
    claimSales: 0,
    fundings: 0,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };

  const call = async (
    name: string,
    opts: { method?: string; body?: unknown; query?: Record<string, string>; token?: string } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function's JSON answer, read field by field
  ): Promise<{ status: number; body: any }> => {
    const url = new URL(`/.netlify/functions/${name}`, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    try {
      const res = await fetch(url, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* text */
      }
      stats.record(res.status < 500);
      return { status: res.status, body };
    } catch {
      stats.record(false);
      return { status: 0, body: undefined };
    }
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

  const submitLoop = async () => {
    let n = 0;
    while (running) {
      const at = Date.now();
      const res = await call('leads-submit', { body: { ...leadBody(`chaos-${n++}`), phone: uniquePhone() } });
      result.submits++;
      if (res.status >= 200 && res.status < 300 && res.body?.lead_id) {
        result.accepted.add(res.body.lead_id);
        result.submittedAt.set(res.body.lead_id, at);
      }
      await pause(options.submitEveryMs);
    }
  };

  const dashboardLoop = async () => {
    while (running) {
      const c = pick(contractors);
      await call('contractors-dashboard', { token: c.token, query: { contractor_id: c.id } });
      const offers = await call('contractors-available-leads', { token: c.token, query: { contractor_id: c.id } });
      const lead = (offers.body?.available_leads ?? [])[0];
      if (lead?.id) {
        const bought = await call('purchase-lead', { token: c.token, body: { lead_id: lead.id, contractor_id: c.id } });
        result.purchases++;
        if (bought.status >= 200 && bought.status < 300) result.sales++;
      }
      await pause(400);
    }
  };

  const claimed = new Set<string>();
  const claimLoop = async () => {
    const byPhone = new Map(contractors.map((c) => [c.phone, c]));
    while (running) {
      for (const m of options.sms()) {
        const token = /\/claim\/([^\s]+)/.exec(m.body)?.[1];
        const c = byPhone.get(m.to);
        if (!token || !c || claimed.has(token)) continue;
        claimed.add(token);
        // Only some offers are claimed: the rest are left to dashboard purchases and expiry.
        if (Math.random() < 0.5) continue;
        const res = await call('leads-claim-post', { body: { token: decodeURIComponent(token), contractor_id: c.id } });
        result.claims++;
        if (res.status >= 200 && res.status < 300) result.claimSales++;
        if (!running) break;
      }
      await pause(500);
    }
  };

  const fundingLoop = async () => {
    while (running) {
      const c = pick(contractors);
      const start = await call('contractors-purchase-credits', {
        token: c.token,
        body: { session_token: c.token, amount: 100 },
      });
      const sessionId =
        typeof start.body?.payment_url === 'string' ? start.body.payment_url.split('/').pop() : undefined;
      if (sessionId) {
        try {
          const done = await fetch(`${base}/dev/checkout/${sessionId}/complete`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: '',
            signal: AbortSignal.timeout(20_000),
          });
          stats.record(done.status < 500);
          if (done.status === 303) result.fundings++;
        } catch {
          stats.record(false);
        }
      }
      await pause(2000);
    }
  };

  const loops = [submitLoop(), submitLoop(), dashboardLoop(), dashboardLoop(), claimLoop(), fundingLoop()];
  return result;
}
