import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { functionPath } from '@leadmarket/contracts';
import { queueOf, RabbitMqEventBus } from '@leadmarket/platform';
import {
  createTestInfra,
  freePortBlock,
  realServersConfigured,
  waitFor,
  type TestInfra,
} from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two lead-intake and two screening processes on the real broker, as deployed (each its own
// process, connection and direct reply-to channel): every submit, on either lead-intake, must get
// its own lead's verdict in its reply, the one screening stored and LeadScreened carried.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Long enough that no reply of this test is "pending": it checks that each verdict reaches its own submit. */
const WAIT_MS = 30_000;

let infra: TestInfra;
const children: ChildProcess[] = [];
const intakeUrls: string[] = [];

/** Start one service as its own process (as `npm run stack` does) and wait until it is ready. */
async function startProcess(service: 'lead-intake' | 'screening', port: number): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', '@leadmarket/platform/register', `services/${service}/src/main.ts`],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATABASE_URL: infra.databaseUrl,
        BUS_NAMESPACE: infra.namespace,
        DATABASE_POOL_SIZE: '8',
        SCREENING_WAIT_MS: String(WAIT_MS),
        LEAD_SUBMIT_RATE_LIMIT: '100000',
        LEAD_SUBMIT_ATTEMPT_LIMIT: '100000',
        SCREENING_IP_LIMIT: '100000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${service} exited with ${child.exitCode}`);
      return (await fetch(`${url}/readyz`).catch(() => undefined))?.ok;
    },
    `${service} on ${port} ready`,
    90_000,
  );
  return url;
}

const phone = () => `+1312555${String(randomInt(10_000)).padStart(4, '0')}`;
const lead = (over: Record<string, unknown> = {}) => ({
  customer_name: 'Dana Lee',
  phone: phone(),
  email: 'dana.lee@example.org',
  zip_code: '60601',
  service_category: 'home_services',
  sub_service: `plumbing-${randomUUID().slice(0, 8)}`,
  description: 'The water heater is leaking from the bottom and the floor is wet.',
  urgency: 'Standard',
  ...over,
});

type Kind = 'valid' | 'junk-phone' | 'junk-content' | 'duplicate';

describe.runIf(realServersConfigured())('request–reply with two lead-intake and two screening processes', () => {
  beforeAll(async () => {
    infra = await createTestInfra();
    const port = await freePortBlock(4);
    // One of each first, so the two instances of a service do not race the same migrations needlessly.
    intakeUrls.push(await startProcess('lead-intake', port));
    await startProcess('screening', port + 1);
    const [second] = await Promise.all([startProcess('lead-intake', port + 2), startProcess('screening', port + 3)]);
    intakeUrls.push(second);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    // The processes' queues, which the test's own bus did not declare.
    if (infra?.bus instanceof RabbitMqEventBus)
      await infra.bus.deleteTopology([queueOf('lead-intake', infra.namespace), queueOf('screening', infra.namespace)]);
    await infra?.cleanup();
  }, 60_000);

  it('gives each of 200 concurrent submits (valid, junk, duplicates) its own stored verdict', async () => {
    // 40 duplicate groups of 2 (same phone and service at once: exactly one wins), 60 valid,
    // 30 with an impossible phone, 30 with junk content.
    const submits: Array<{ kind: Kind; group?: number; body: Record<string, unknown> }> = [];
    for (let g = 0; g < 40; g++) {
      const body = lead();
      submits.push({ kind: 'duplicate', group: g, body }, { kind: 'duplicate', group: g, body: { ...body } });
    }
    for (let i = 0; i < 60; i++) submits.push({ kind: 'valid', body: lead() });
    for (let i = 0; i < 30; i++) submits.push({ kind: 'junk-phone', body: lead({ phone: '(123) 456-7890' }) });
    for (let i = 0; i < 30; i++)
      submits.push({ kind: 'junk-content', body: lead({ description: 'buy cheap viagra at www.example.com now' }) });
    expect(submits).toHaveLength(200);
    // Shuffled and alternated between the two lead-intake instances, all at once.
    submits.sort(() => Math.random() - 0.5);
    const replies = await Promise.all(
      submits.map(async (s, i) => {
        const res = await fetch(`${intakeUrls[i % 2]}${functionPath('leads-submit')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(s.body),
        });
        expect(res.status).toBe(200);
        return { ...s, reply: (await res.json()) as Record<string, any> };
      }),
    );
    // Every reply is a verdict (none "pending"), of the kind its submit was.
    for (const r of replies) expect(r.reply.status).not.toBe('pending');
    for (const r of replies.filter((x) => x.kind === 'valid')) expect(r.reply.status).toBe('valid');
    for (const r of replies.filter((x) => x.kind === 'junk-phone'))
      expect(r.reply).toMatchObject({
        status: 'rejected',
        validation_summary: { phone_valid: false, content_valid: true },
      });
    for (const r of replies.filter((x) => x.kind === 'junk-content'))
      expect(r.reply).toMatchObject({
        status: 'rejected',
        validation_summary: { phone_valid: true, content_valid: false },
      });
    for (let g = 0; g < 40; g++) {
      const pair = replies.filter((x) => x.group === g);
      expect(pair.map((p) => p.reply.status).sort()).toEqual(['rejected', 'valid']);
      expect(pair.find((p) => p.reply.status === 'rejected')!.reply.validation_summary).toMatchObject({
        is_duplicate: true,
      });
    }
    // Each reply is its own lead's verdict: the one screening stored, and lead-intake stored from it.
    const db = infra.database.forService('screening');
    const intake = infra.database.forService('lead-intake');
    const ids = replies.map((r) => r.reply.lead_id as string);
    expect(new Set(ids).size).toBe(200);
    const stored = new Map(
      (await db.selectFrom('screenings').selectAll().where('lead_id', 'in', ids).execute()).map((s) => [s.lead_id, s]),
    );
    const leads = await waitFor(
      async () => {
        const rows = await intake
          .selectFrom('leads')
          .select(['id', 'status', 'validation_summary'])
          .where('id', 'in', ids)
          .execute();
        return rows.every((row) => row.status !== 'screening') ? new Map(rows.map((row) => [row.id, row])) : undefined;
      },
      'every lead screened at lead-intake',
      30_000,
    );
    for (const r of replies) {
      expect(stored.has(r.reply.lead_id), `screening's verdict for ${r.reply.lead_id}`).toBe(true);
      const verdict = stored.get(r.reply.lead_id)!;
      expect(r.reply.status).toBe(verdict.status);
      expect(r.reply.validation_summary).toEqual({
        phone_valid: verdict.phone_valid,
        email_valid: verdict.email_valid,
        content_valid: verdict.content_valid,
        is_duplicate: verdict.is_duplicate,
        ip_rate_ok: verdict.ip_rate_ok,
      });
      const row = leads.get(r.reply.lead_id)!;
      expect(row.status).toBe(r.reply.status === 'valid' ? 'available' : 'rejected');
      expect(row.validation_summary).toEqual(r.reply.validation_summary);
    }
  }, 180_000);
});
