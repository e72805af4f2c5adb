import { randomInt, randomUUID } from 'node:crypto';
import { signUpContractor, startTestStack, uniqueZip, type TestStack } from '@leadmarket/gateway/testing';
import { pruneOutbox } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';
import { startFakeSmtp } from './fake-smtp.js';
import { startFakeTwilio, twilioTestEnv } from './fake-twilio.js';

// Secrets and personal data at rest, across every schema of the whole marketplace (real providers
// against fakes on loopback, so messages really leave): after delivery no raw claim or reset token is
// stored anywhere, and after admin-delete-lead the customer's name, phone and email are nowhere.
let stack: TestStack;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  smtp = await startFakeSmtp();
  stack = await startTestStack({
    env: {
      PUBLIC_BASE_URL: 'https://leads.example.test',
      ...twilioTestEnv(twilio.url),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'leadmarket <no-reply@leads.example.test>',
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  await twilio?.close();
  await smtp?.close();
});

/** Any schema-scoped Kysely runs raw SQL against the whole database. */
const anyDb = (): Kysely<any> => stack.marketplace.services.get('notification')!.ctx.db;

interface Hit {
  column: string;
  needle: string;
}

/** Every text, varchar, json and jsonb column of every schema (but PostgreSQL's own) that contains a needle. */
async function findEverywhere(needles: string[]): Promise<Hit[]> {
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema', 'pg_toast')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`.execute(anyDb());
  expect(columns.rows.length).toBeGreaterThan(50); // every service's schema is there
  const hits: Hit[] = [];
  for (const { table_schema, table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const found = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(`${table_schema}.${table_name}`)}
        where ${sql.ref(column_name)}::text ilike ${`%${needle}%`}`.execute(anyDb());
      if (found.rows[0]!.n > 0) hits.push({ column: `${table_schema}.${table_name}.${column_name}`, needle });
    }
  }
  return hits;
}

/** Wait until nothing holds any needle (consumers and relays finish after the answer), then say what still does. */
async function expectNowhere(needles: string[]): Promise<void> {
  let hits: Hit[] = [];
  await waitFor(
    async () => {
      hits = await findEverywhere(needles);
      return hits.length === 0;
    },
    'no stored copy',
    20_000,
    250,
  ).catch(() => {});
  expect(hits).toEqual([]);
}

const claimTokenOf = (body: string) => /\/claim\/([A-Za-z0-9_-]+)/.exec(body)?.[1];
const mailText = (data: string) => data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
const resetTokenOf = (data: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(mailText(data))?.[1];

async function adminSession(): Promise<string> {
  const res = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.session_token;
}

describe('secrets at rest', () => {
  it('keeps no raw claim token after the offer SMS is sent, and no raw reset token after the email', async () => {
    const zip = uniqueZip('3');
    const contractor = await signUpContractor(stack, { zip_codes: zip, phone: '(404) 555-0177' });
    const customerDigits = `212555${String(randomInt(10_000)).padStart(4, '0')}`;
    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: 'Token Tester',
        phone: customerDigits,
        email: `token.${randomUUID().slice(0, 8)}@example.com`,
        zip_code: zip,
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'The air conditioner stopped cooling and makes a loud rattling noise.',
        urgency: 'Standard',
      },
    });
    expect(submit.status).toBe(200);
    const sms = await waitFor(
      () => twilio.messages.find((m) => m.to === '+14045550177' && claimTokenOf(m.body)),
      'the offer SMS',
      20_000,
    );
    const claimToken = claimTokenOf(sms.body)!;
    // The link works: the token is real, not a placeholder.
    const claim = await stack.call('leads-claim-get', { query: { token: claimToken } });
    expect(claim.status).toBe(200);

    const mailsBefore = smtp.mails.length;
    for (const body of [
      { email: contractor.body.email, user_type: 'contractor' },
      { email: DEV_ADMIN_EMAIL, user_type: 'admin' },
    ]) {
      expect((await stack.call('forgot-password', { body })).status).toBe(200);
    }
    const mails = await waitFor(
      () => (smtp.mails.length >= mailsBefore + 2 ? smtp.mails.slice(mailsBefore) : undefined),
      'both reset emails',
      20_000,
    );
    const resetTokens = mails.map((m) => resetTokenOf(m.data));
    expect(resetTokens.every((t) => t && t.length >= 22)).toBe(true);

    // The customer's phone confirmation code and its one-tap link (docs/adr/0045-phone-confirmed-before-the-offer.md).
    const codeSms = await waitFor(
      () => twilio.messages.find((m) => m.to === `+1${customerDigits}` && /code is \d{6}/.test(m.body)),
      'the confirmation code SMS',
      20_000,
    );
    const code = /code is (\d{6})/.exec(codeSms.body)![1]!;
    const confirmToken = /\/confirm\/([A-Za-z0-9_-]+)/.exec(codeSms.body)![1]!;
    const confirmed = await stack.call('leads-confirm-phone', { body: { token: confirmToken } });
    expect(confirmed.body).toMatchObject({ state: 'confirmed' });

    await expectNowhere([claimToken, ...(resetTokens as string[]), `code is ${code}`, confirmToken]);
    // What is kept instead is still useful: the delivery rows say what was sent, without the secret.
    const deliveries = await anyDb()
      .selectFrom('deliveries')
      .select(['kind', 'body', 'status'])
      .where('kind', 'in', ['lead_offer', 'password_reset', 'contact_code'])
      .execute();
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
    for (const d of deliveries) expect(d.body).toMatch(/\/claim\/redacted|token=redacted|code is redacted/);
    expect(deliveries.find((d) => d.kind === 'contact_code')?.body).toContain('/confirm/redacted');
  });
});

describe('lead erasure', () => {
  it('after admin-delete-lead the customer name, phone and email are in no text or JSON column of any schema', async () => {
    const zip = uniqueZip('4');
    await signUpContractor(stack, { zip_codes: zip, phone: '(404) 555-0188' });
    const digits = `212555${String(randomInt(10_000)).padStart(4, '0')}`;
    const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const email = `erase.${randomUUID().slice(0, 8)}@example.com`;
    const name = 'Erin Erasmus';
    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: name,
        phone,
        email,
        zip_code: zip,
        service_category: 'home_services',
        sub_service: 'hvac',
        // Customers do write their contact into the description.
        description: `Furnace will not start. Call me at ${phone} any time after noon.`,
        urgency: 'Standard',
      },
    });
    expect(submit.status).toBe(200);
    expect(submit.body).toMatchObject({ status: 'valid' });
    const leadId = submit.body.lead_id as string;
    await waitFor(() => twilio.messages.find((m) => m.to === '+14045550188'), 'the offer SMS', 20_000);

    const needles = [digits, phone, `+1${digits}`, email, name];
    // The search finds the copies that exist before the deletion (so it can fail).
    const before = await findEverywhere(needles);
    expect(before.map((h) => h.column)).toEqual(
      expect.arrayContaining(['lead_intake.leads.phone', 'lead_intake.leads.email', 'lead_intake.outbox.envelope']),
    );

    const admin = await adminSession();
    const del = await stack.call('admin-delete-lead', { method: 'DELETE', token: admin, body: { lead_id: leadId } });
    expect(del.status).toBe(200);
    await expectNowhere(needles);
    // Nor the hash of the phone that screening keeps for duplicate checks.
    const screeningDb = stack.marketplace.services.get('screening')!.ctx.db;
    await waitFor(
      async () =>
        !(await screeningDb
          .selectFrom('duplicate_fingerprints')
          .select('lead_id')
          .where('lead_id', '=', leadId)
          .executeTakeFirst()),
      'the fingerprint dropped',
      20_000,
    );
  });
});

describe('outbox retention', () => {
  it('prunes published rows older than the retention and keeps newer and unpublished ones', async () => {
    const db = stack.marketplace.services.get('lead-intake')!.ctx.db;
    const published = await db.selectFrom('outbox').select('id').where('processed_at', 'is not', null).execute();
    expect(published.length).toBeGreaterThan(1);
    const [old, recent] = published.map((r) => r.id as string);
    await db
      .updateTable('outbox')
      .set({ processed_at: sql`now() - interval '25 hours'` })
      .where('id', '=', old!)
      .execute();
    const pending = randomUUID();
    await db
      .insertInto('outbox')
      .values({
        id: pending,
        type: 'LeadExpired',
        envelope: JSON.stringify({ data: {} }),
        created_at: sql`now() - interval '48 hours'`,
        // Never published: kept however old, and never picked by the relay (abandoned).
        abandoned_at: sql`now()`,
      })
      .execute();
    expect(await pruneOutbox(db, 24)).toBe(1);
    const left = new Set((await db.selectFrom('outbox').select('id').execute()).map((r) => r.id));
    expect(left.has(old)).toBe(false);
    expect(left.has(recent)).toBe(true);
    expect(left.has(pending)).toBe(true);
  });
});
