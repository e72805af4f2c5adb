import { BENCH_ADMIN } from './stack.js';

/** Call a function through the gateway as the browser does; returns status, body and the time it took. */
export async function call(
  base: string,
  name: string,
  opts: { method?: string; body?: unknown; query?: Record<string, string>; token?: string; from?: string } = {},
) {
  const url = new URL(`/.netlify/functions/${name}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const started = performance.now();
  const res = await fetch(url, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      // The gateway trusts loopback as its proxy (stack.ts): this is the customer's own address.
      ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function's JSON answer, read field by field by each figure
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: res.status, body, ms };
}

let addressSeq = Math.floor(Math.random() * 1_000_000);
/**
 * A customer's own address, new for each lead: real leads come from many customers, and screening
 * counts a customer's recent leads by address (up to SCREENING_IP_LIMIT). One address for every
 * bench lead made that count read the whole run's leads again for each new one.
 */
export function customerAddress(): string {
  const n = 1 + (addressSeq++ % 0xfffffe); // 10.0.0.1 … 10.255.255.254
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Submit a lead as a customer does, from the customer's own address. */
export const submitLead = (base: string, body: unknown) =>
  call(base, 'leads-submit', { body, from: customerAddress() });

let phoneSeq = Math.floor(Math.random() * 1_000_000);
/** A US number that can exist and is unique in this run (screening rejects repeats as duplicates). */
export function uniquePhone(): string {
  const n = phoneSeq++;
  const exchange = 200 + (Math.floor(n / 10000) % 700);
  return `+1415${exchange}${String(n % 10000).padStart(4, '0')}`;
}

/** Contractors serve this ZIP: leads sent to it are offered and sold. */
export const BENCH_ZIP = '94107';
/** Nobody serves this ZIP: the intake figure's leads stay unmatched and do not flood later figures with SMS. */
export const UNSERVED_ZIP = '10001';

export function leadBody(tag: string, zip: string = BENCH_ZIP) {
  return {
    customer_name: 'Bench Customer',
    phone: uniquePhone(),
    zip_code: zip,
    service_category: 'home_services',
    sub_service: 'plumbing',
    description: `Kitchen sink is leaking under the cabinet and needs a repair visit soon, request ${tag}`,
    urgency: 'Standard',
  };
}

/** Submit `n` leads to the bench ZIP, ten at a time; answers the ids of those accepted. */
export async function submitLeads(base: string, n: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  const concurrency = 10;
  for (let i = 0; i < n; i += concurrency) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(concurrency, n - i) }, (_, k) => submitLead(base, leadBody(`${tag}${i + k}`))),
    );
    for (const res of batch) if (typeof res.body?.lead_id === 'string') ids.push(res.body.lead_id);
  }
  return ids;
}

export interface BenchContractor {
  id: string;
  token: string;
  /** The number its offers are texted to (E.164, as the fake Twilio records it), when signed up here. */
  phone?: string;
}

/** Sign up `n` plumbing contractors serving the bench ZIP (each gets the $25 signup credit). */
export async function signupContractors(base: string, n: number, prefix: string): Promise<BenchContractor[]> {
  const out: BenchContractor[] = [];
  const batch = 10;
  for (let i = 0; i < n; i += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, async (_, k) => {
        const j = i + k;
        const password = 'bench-password-1';
        const phone = uniquePhone();
        const res = await call(base, 'contractors-signup', {
          body: {
            contact_name: `Bench Pro ${j}`,
            business_name: `Bench Plumbing ${prefix}${j}`,
            email: `bench-${prefix}-${j}@example.com`,
            phone,
            industry: 'home_services',
            sub_service: 'plumbing',
            username: `bench_${prefix}_${j}`,
            password,
            confirm_password: password,
            zip_codes: BENCH_ZIP,
            sms_opt_in: true,
          },
        });
        if (res.status !== 200 && res.status !== 201)
          throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
        return { id: res.body.contractor_id as string, token: res.body.session_token as string, phone };
      }),
    );
    out.push(...made);
  }
  return out;
}

export async function adminToken(base: string): Promise<string> {
  const res = await call(base, 'admin-login', { body: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password } });
  if (!res.body?.session_token) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session_token;
}

/** Credit each contractor's wallet through admin-wallet-adjust. */
export async function fund(base: string, admin: string, contractors: BenchContractor[], dollars: number) {
  for (let i = 0; i < contractors.length; i += 20) {
    await Promise.all(
      contractors.slice(i, i + 20).map(async (c) => {
        const res = await call(base, 'admin-wallet-adjust', {
          token: admin,
          body: { contractor_id: c.id, amount: dollars, notes: 'bench funding' },
        });
        if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
      }),
    );
  }
}

/**
 * The dashboards' set-up as figure 4 sees it (bench:dashboard, bench:mixed): `leadCount` leads
 * submitted, every wallet funded, and the first half of `buyers` buying one lead each, so the bought
 * lists, the history and the metrics are not empty. Returns the leads and how many were bought.
 */
export async function dashboardSetup(
  base: string,
  contractors: BenchContractor[],
  buyers: BenchContractor[],
  leadCount: number,
  tag: string,
): Promise<{ leads: string[]; bought: number }> {
  const leads = await submitLeads(base, leadCount, tag);
  await fund(base, await adminToken(base), contractors, 1000);
  const answers = await Promise.all(
    buyers
      .slice(0, Math.min(buyers.length >> 1, leads.length))
      .map((c, i) => call(base, 'purchase-lead', { token: c.token, body: { lead_id: leads[i], contractor_id: c.id } })),
  );
  return { leads, bought: answers.filter((r) => r.status === 200).length };
}
