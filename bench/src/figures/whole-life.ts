import { call, leadBody, submitLead, type BenchContractor } from '../client.js';
import type { BenchStack } from '../stack.js';
import { percentile } from '../stats.js';

/** One run of leads' whole lives: submitted, screened, priced, matched, texted, bought, the customer told. */
export interface WholeLifeRun {
  offeredPerSecond: number;
  seconds: number;
  /** Leads the submit stored (valid or pending). */
  leads: number;
  /** Leads bought by one of the contractors they were texted to. */
  sold: number;
  /** Leads whose customer got the "who will call" SMS. */
  told: number;
  /** Claims that lost to another contractor's claim of the same lead (every offered contractor tries). */
  lostClaims: number;
  /** Submit sent → the offer SMS that sold the lead, at the provider (ms). */
  firstSmsP50: number;
  firstSmsP99: number;
  /** Winning claim sent → the customer's "who will call" SMS at the provider (ms). */
  toldP50: number;
  toldP99: number;
  /** Leads brought from submit to the customer told per second, first submit to last customer told. */
  throughput: number;
  /** CPU ms per lead over its whole life: every stack process and the bench database's PostgreSQL backends. */
  cpuMsPerLead: number;
  cpuByProcess: Record<string, number>;
}

/**
 * Open loop: `ratePerSecond` leads a second for `seconds`. Every offer SMS is claimed at once by the
 * contractor it was texted to, through the claim link's own call (leads-claim-post), as a contractor
 * tapping it would: the first claim of a lead buys it, the others lose the race. The run ends when
 * every sold lead's customer was told or nothing happened for 3 s past the submits.
 */
export async function wholeLifeRun(
  stack: BenchStack,
  contractors: BenchContractor[],
  opts: { ratePerSecond: number; seconds: number; maxSettleMs: number; tag: string },
): Promise<WholeLifeRun> {
  stack.twilio.messages.length = 0;
  const contractorByPhone = new Map(contractors.flatMap((c) => (c.phone ? [[c.phone, c] as const] : [])));
  /** By the customer's phone (unique per lead): submitted, first texted, bought and told times. */
  const submittedAt = new Map<string, number>();
  const firstSmsAt = new Map<string, number>();
  const boughtAt = new Map<string, number>();
  const toldAt = new Map<string, number>();
  const phoneOfLead = new Map<string, string>();
  let lostClaims = 0;
  const claims: Promise<void>[] = [];

  const claim = async (token: string, contractor: BenchContractor, textedAt: number) => {
    const at = Date.now();
    const res = await call(stack.url, 'leads-claim-post', { body: { token, contractor_id: contractor.id } });
    const customer = phoneOfLead.get(res.body?.lead?.id as string);
    if (res.status === 200 && res.body?.success && customer) {
      boughtAt.set(customer, at);
      // The offer that sold is, but for a race lost by the first texted, the lead's first SMS.
      firstSmsAt.set(customer, textedAt);
    } else lostClaims++;
  };

  // Reads the provider's new messages as they come: offers are claimed, customers' SMS timed.
  let seen = 0;
  const scan = () => {
    const messages = stack.twilio.messages;
    for (; seen < messages.length; seen++) {
      const m = messages[seen]!;
      const token = m.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
      const contractor = contractorByPhone.get(m.to);
      if (token && contractor) {
        claims.push(claim(token, contractor, m.at));
        continue;
      }
      if (submittedAt.has(m.to) && / will call you/.test(m.body) && !toldAt.has(m.to)) toldAt.set(m.to, m.at);
    }
  };
  const scanner = setInterval(scan, 20);

  const cpu = await stack.cpuMeter();
  const started = Date.now();
  const total = Math.round(opts.ratePerSecond * opts.seconds);
  const submits: Promise<void>[] = [];
  try {
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / opts.ratePerSecond;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = leadBody(`${opts.tag}-${i}`);
      const at = Date.now();
      submits.push(
        submitLead(stack.url, body).then(
          (res) => {
            if (res.body?.lead_id) {
              submittedAt.set(body.phone, at);
              phoneOfLead.set(res.body.lead_id, body.phone);
            }
          },
          () => {},
        ),
      );
    }
    await Promise.all(submits);
    const deadline = Date.now() + opts.maxSettleMs;
    for (let last = -1; Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 3000));
      const progress = stack.twilio.messages.length + boughtAt.size;
      if (progress === last && toldAt.size >= boughtAt.size) break;
      last = progress;
    }
    await Promise.all(claims);
  } finally {
    clearInterval(scanner);
  }
  scan();
  const usage = await cpu.stop();

  const firstSms = [...firstSmsAt].map(([phone, at]) => Math.max(0, at - submittedAt.get(phone)!));
  const told = [...toldAt].flatMap(([phone, at]) =>
    boughtAt.has(phone) ? [Math.max(0, at - boughtAt.get(phone)!)] : [],
  );
  const lastTold = Math.max(started, ...toldAt.values());
  return {
    offeredPerSecond: opts.ratePerSecond,
    seconds: opts.seconds,
    leads: submittedAt.size,
    sold: boughtAt.size,
    told: told.length,
    lostClaims,
    firstSmsP50: percentile(firstSms, 50),
    firstSmsP99: percentile(firstSms, 99),
    toldP50: percentile(told, 50),
    toldP99: percentile(told, 99),
    throughput: toldAt.size / Math.max(0.001, (lastTold - started) / 1000),
    cpuMsPerLead: usage.totalMs / Math.max(1, submittedAt.size),
    cpuByProcess: Object.fromEntries(
      Object.entries(usage.byKind).map(([k, v]) => [k, v / Math.max(1, submittedAt.size)]),
    ),
  };
}
