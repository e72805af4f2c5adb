import { randomBytes, randomInt } from 'node:crypto';
import { realServersConfigured, waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../services/notification/test/fake-twilio.js';
import {
  signUpContractor,
  startTestStack,
  uniqueZip,
  waitUntilMatchable,
  type TestStack,
} from '../src/testing/test-stack.js';

// After a database outage the pipeline is as fast as before it: every LISTEN connection comes back
// by itself (without it each hop waits for its relay's polling pass). The outage is a TCP proxy
// cut in front of PostgreSQL, so the server everybody shares is never touched.
const LEAD_EVERY_MS = 800;
const WARM_UP_LEADS = 3;
const MEASURED_LEADS = 12;
const CUT_MS = 5000;

interface Submitted {
  id: string;
  at: number;
}

describe.runIf(realServersConfigured())('a database cut under a steady lead rate', () => {
  let stack: TestStack;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  const submitted: Submitted[] = [];
  let submitting = true;
  let loop: Promise<void> | undefined;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    stack = await startTestStack({
      databaseProxy: true,
      env: {
        LEAD_SUBMIT_RATE_LIMIT: '100000',
        SCREENING_IP_LIMIT: '100000',
        TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
        TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: twilio.url,
      },
    });
  }, 120_000);

  afterAll(async () => {
    submitting = false;
    await loop;
    await stack?.stop();
    await twilio?.close();
  });

  /** LISTEN connections open on the stack's database (one per service's outbox relay). */
  const listenConnections = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like '%-listen'`.execute(stack.infra.database.root)
    ).rows[0]!.n;

  /** The lead of each claim token seen so far (the claim page names it). */
  const leadOfToken = new Map<string, string>();
  /** Submit → first offer SMS at the fake Twilio, for those of `leads` that have one. */
  async function latenciesOf(leads: Submitted[]): Promise<number[]> {
    const first = new Map<string, number>();
    for (const m of twilio.messages) {
      const token = /\/claim\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1];
      if (!token) continue;
      if (!leadOfToken.has(token)) {
        const page = await stack.call('leads-claim-get', { query: { token } });
        if (typeof page.body?.lead?.id === 'string') leadOfToken.set(token, page.body.lead.id);
      }
      const id = leadOfToken.get(token);
      if (id && (!first.has(id) || first.get(id)! > m.at)) first.set(id, m.at);
    }
    return leads.flatMap((l) => (first.has(l.id) ? [first.get(l.id)! - l.at] : []));
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  it('within 30 s of its return, submit → first SMS is back within twice its pre-cut median, and every LISTEN with it', async () => {
    const zip = uniqueZip('7');
    const contractor = await signUpContractor(stack, { zip_codes: zip });
    await waitUntilMatchable(stack, contractor.id, 2500);
    const listening = await waitFor(
      async () => ((await listenConnections()) >= 6 ? listenConnections() : undefined),
      'every service to LISTEN',
      20_000,
    );

    // One lead every LEAD_EVERY_MS, open loop: the schedule does not wait for answers (a submit
    // during the cut fails or waits; the next one goes out on time all the same).
    loop = (async () => {
      const inFlight: Promise<void>[] = [];
      for (let i = 0; submitting; i++) {
        const at = Date.now();
        inFlight.push(
          stack
            .call('leads-submit', {
              body: {
                customer_name: 'Jane Doe',
                phone: `(212) 555-${String(randomInt(10_000)).padStart(4, '0')}`,
                zip_code: zip,
                service_category: 'home_services',
                sub_service: 'hvac',
                description: `The furnace stopped heating the house overnight, number ${i}.`,
                email: `jane.${i}@example.com`,
                urgency: 'Standard',
              },
            })
            .then(
              (res) => {
                if (res.body?.status === 'valid') submitted.push({ id: res.body.lead_id, at });
              },
              () => {},
            ),
        );
        await new Promise((r) => setTimeout(r, Math.max(0, at + LEAD_EVERY_MS - Date.now())));
      }
      await Promise.all(inFlight);
    })();

    const before = await waitFor(
      async () => {
        const leads = submitted.slice(WARM_UP_LEADS, WARM_UP_LEADS + MEASURED_LEADS);
        if (leads.length < MEASURED_LEADS) return undefined;
        const latencies = await latenciesOf(leads);
        return latencies.length === MEASURED_LEADS ? median(latencies) : undefined;
      },
      'the pre-cut leads to be offered',
      60_000,
      200,
    );

    await stack.databaseProxy!.cut();
    await new Promise((r) => setTimeout(r, CUT_MS));
    await stack.databaseProxy!.restore();
    const returnedAt = Date.now();

    await waitFor(async () => (await listenConnections()) === listening, 'every LISTEN connection back', 30_000);
    const from = Date.now();
    const after = await waitFor(
      async () => {
        const leads = submitted.filter((l) => l.at >= from).slice(0, MEASURED_LEADS);
        if (leads.length < MEASURED_LEADS) return undefined;
        const latencies = await latenciesOf(leads);
        return latencies.length === MEASURED_LEADS ? { median: median(latencies), leads, latencies } : undefined;
      },
      'the post-cut leads to be offered',
      60_000,
      200,
    );
    submitting = false;

    console.log(
      `submit → first SMS median: ${before} ms before the cut, ${after.median} ms after it (${after.latencies.join(', ')}; LISTEN back ${from - returnedAt} ms after the return)`,
    );
    expect(after.leads.at(-1)!.at - returnedAt).toBeLessThan(30_000);
    expect(after.median).toBeLessThanOrEqual(2 * before);
    // Readiness says nothing is degraded any more.
    for (const [name, running] of stack.marketplace.services) {
      const ready = (await (await fetch(`${running.url}/readyz`)).json()) as { status: string; degraded?: string[] };
      expect(ready, name).toMatchObject({ status: 'ready' });
      expect(ready.degraded, name).toBeUndefined();
    }
  }, 240_000);
});
