import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { service as leadIntake } from '@leadmarket/lead-intake';
import { buildEnvelope, RedisKeyValueStore, type KeyValueStore } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadDeletedConsumer } from '../src/consumers/lead-deleted.consumer.js';
import type { ScreeningContext } from '../src/context.js';
import { duplicateClaimKey, duplicateFingerprint } from '../src/domain/fingerprint.js';
import { service as screening } from '../src/index.js';
import { claimValue } from '../src/use-cases/screen-lead.js';

let stack: TestStack;
let db: Kysely<any>;

beforeAll(async () => {
  // Two leads per address per hour, so the third shows the IP-rate check (leads-submit's own limit is lifted).
  stack = await startTestStack({
    services: [leadIntake, screening],
    env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '2', SCREENING_IP_WINDOW_SECONDS: '3600' },
    // Each test submits from an address of its own (X-Forwarded-For from loopback), so no test uses
    // up another's IP allowance and the file passes in any order.
    trustProxy: ['loopback'],
  });
  db = stack.marketplace.services.get('screening')!.ctx.db;
});
afterAll(async () => {
  await stack?.stop();
});

/** A fresh client address (TEST-NET-2) for one test's submissions. */
const clientIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
/** leads-submit through the gateway from `ip` (a fresh address unless given). */
const submit = (lead: Record<string, unknown>, ip = clientIp()) =>
  stack.call('leads-submit', { body: lead, headers: { 'x-forwarded-for': ip } });

const phone = () => `+1212555${String(randomInt(10_000)).padStart(4, '0')}`;
const body = (overrides: Record<string, unknown> = {}) => ({
  customer_name: 'Sam Rivera',
  phone: phone(),
  zip_code: '60601',
  service_category: 'home_services',
  sub_service: `electrical-${randomUUID().slice(0, 6)}`,
  description: 'Two outlets in the living room stopped working after a storm.',
  email: 'sam.rivera@example.org',
  urgency: 'Emergency',
  ...overrides,
});

/** LeadScreened events screening wrote to its outbox for a lead. */
async function screenedEvents(leadId: string) {
  const rows = await db.selectFrom('outbox').select('envelope').where('type', '=', 'LeadScreened').execute();
  return rows
    .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
    .filter((e) => e.data.lead_id === leadId);
}

const screeningCtx = () => stack.marketplace.services.get('screening')!.ctx as ScreeningContext;
/** The duplicate fingerprint rows screening keeps for a lead. */
const fingerprintRows = (leadId: string) =>
  db.selectFrom('duplicate_fingerprints').select('lead_id').where('lead_id', '=', leadId).execute();
/** The Redis key of the duplicate claim a lead body makes. */
const claimKey = (lead: { phone: string; service_category: string; sub_service: string }) =>
  duplicateClaimKey(duplicateFingerprint(lead.phone, lead.service_category, lead.sub_service));
/** The lead named by the claim of a lead body (the claim's value is the lead, when it claimed, …). */
const claimHolder = async (
  lead: { phone: string; service_category: string; sub_service: string },
  kv = screeningCtx().kv,
) => (await kv.get(claimKey(lead)))?.split(' ')[0] ?? null;

/**
 * Handle a LeadDeleted with screening's consumer as its runner does (the handler in a transaction,
 * then its after-commit hooks), returning once the hooks are done: a test that expects a hook to
 * leave something alone cannot wait for a change, so it runs the consumer itself.
 */
async function handleLeadDeleted(leadId: string, kv: KeyValueStore = screeningCtx().kv): Promise<void> {
  const ctx = screeningCtx();
  const hooks: Array<() => void | Promise<void>> = [];
  const event = buildEnvelope('lead-intake', {
    type: 'LeadDeleted',
    data: { lead_id: leadId, deleted_at: new Date().toISOString() },
  });
  await ctx.db.transaction().execute((trx) =>
    leadDeletedConsumer.handle(event, {
      trx,
      emit: async () => {},
      afterCommit: (fn) => hooks.push(fn),
      reply: () => {},
      log: ctx.logger,
      kv,
      service: ctx,
    }),
  );
  for (const fn of hooks) await fn();
}

describe('screening', () => {
  it('records every failed check as its own reason and emits one LeadScreened with the lead facts and no contact details', async () => {
    const res = await submit(
      body({ phone: '(800) 555-1234', email: 'x@yopmail.com', description: 'buy viagra at www.pills.example' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    const leadId = res.body.lead_id;
    const reasons = await db
      .selectFrom('screening_reasons')
      .select(['check_name', 'code'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    expect(reasons).toEqual([
      { check_name: 'phone', code: 'phone:type_toll_free' },
      { check_name: 'email', code: 'email:disposable_domain' },
      { check_name: 'content', code: 'content:description_link' },
      { check_name: 'content', code: 'content:description_banned_word' },
    ]);
    const row = await db.selectFrom('screenings').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'rejected',
      phone_valid: false,
      email_valid: false,
      content_valid: false,
      is_duplicate: false,
      ip_rate_ok: true,
    });
    const [event, ...more] = await screenedEvents(leadId);
    expect(more).toHaveLength(0);
    expect(event.data).toMatchObject({
      status: 'rejected',
      urgency: 'Emergency',
      zip_code: '60601',
      description: 'buy viagra at www.pills.example',
    });
    expect(JSON.stringify(event.data)).not.toContain('yopmail');
    expect(JSON.stringify(event.data)).not.toContain('8005551234');
  });

  it('keeps only hashes of the phone', async () => {
    const p = phone();
    const res = await submit(body({ phone: p }));
    const fp = await db
      .selectFrom('duplicate_fingerprints')
      .selectAll()
      .where('lead_id', '=', res.body.lead_id)
      .executeTakeFirstOrThrow();
    expect(fp.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(fp)).not.toContain(p.slice(2));
  });

  it('keeps no contact anywhere in its schema, and LeadSubmitted loses the contact from the outbox once sent', async () => {
    const p = phone();
    const lead = body({ phone: p, customer_name: 'Quincy Zabriskie', email: 'quincy.zabriskie@example.org' });
    const res = await submit(lead);
    expect(res.body.status).toBe('valid');
    // The confirmation code's event carries the phone to notification until the broker has it.
    await waitFor(async () => {
      const rows = await db
        .selectFrom('outbox')
        .select('processed_at')
        .where('type', '=', 'ContactCodeIssued')
        .where(sql<boolean>`envelope->'data'->>'lead_id' = ${res.body.lead_id}`)
        .execute();
      return rows.length === 1 && rows[0]!.processed_at !== null;
    }, 'the ContactCodeIssued marked sent');
    // Every table of screening's schema (its inbox too), read whole.
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'screening'`.execute(db);
    for (const { table_name } of tables.rows) {
      const rows = await db.selectFrom(table_name).selectAll().execute();
      const text = JSON.stringify(rows);
      for (const secret of [p.slice(2), 'Zabriskie', 'quincy.zabriskie'])
        expect(text, table_name).not.toContain(secret);
    }
    const intake = stack.marketplace.services.get('lead-intake')!.ctx.db;
    const row = await waitFor(async () => {
      const rows = await intake
        .selectFrom('outbox')
        .select(['envelope', 'processed_at'])
        .where('type', '=', 'LeadSubmitted')
        .where(sql<boolean>`envelope->'data'->>'lead_id' = ${res.body.lead_id}`)
        .execute();
      return rows[0]?.processed_at ? rows[0] : undefined;
    }, 'the LeadSubmitted marked sent');
    const envelope = typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
    expect(envelope.data).toMatchObject({ customer_name: 'redacted', phone: 'redacted', email: null });
    expect(envelope.data.lead_id).toBe(res.body.lead_id);
  });

  it('a redelivered LeadSubmitted changes nothing (idempotent inbox)', async () => {
    const res = await submit(body());
    const leadId = res.body.lead_id;
    await waitFor(async () => (await screenedEvents(leadId)).length === 1, 'first verdict', 20_000);
    const lead = stack.marketplace.services.get('lead-intake')!;
    const submitted = (
      await lead.ctx.db.selectFrom('outbox').select('envelope').where('type', '=', 'LeadSubmitted').execute()
    )
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
      .find((e) => e.data.lead_id === leadId);
    await stack.infra.bus.publish(submitted); // the same message again (broker redelivery)
    // A lead submitted after the redelivery is queued behind it: its verdict means the redelivery
    // has been taken off the queue and dealt with.
    const later = await submit(body());
    await waitFor(async () => (await screenedEvents(later.body.lead_id)).length === 1, 'the later verdict', 20_000);
    expect(await screenedEvents(leadId)).toHaveLength(1);
    const count = await db
      .selectFrom('screenings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('turns ip_rate_ok false once one address passes its limit within the window', async () => {
    // The limit is two leads per address in the window: the third from one address is refused.
    const ip = clientIp();
    for (const lead of [body(), body()]) expect((await submit(lead, ip)).body.validation_summary.ip_rate_ok).toBe(true);
    const res = await submit(body(), ip);
    expect(res.body).toMatchObject({
      status: 'rejected',
      validation_summary: { ip_rate_ok: false, phone_valid: true, content_valid: true },
    });
    const reasons = await db
      .selectFrom('screening_reasons')
      .select('code')
      .where('lead_id', '=', res.body.lead_id)
      .execute();
    expect(reasons.map((r) => r.code)).toEqual(['ip_rate:too_many_from_address']);
  });

  it('screens admin test leads (no client address) without the IP check', async () => {
    const created = await stack.marketplace.clients.call('lead-intake', '/internal/leads', {
      body: {
        customer_name: 'Test Lead',
        phone: phone(),
        email: '',
        service_category: 'Plumbing',
        sub_service: 'drain',
        zip_code: '60601',
        description: 'Shower drain is slow and smells bad.',
        is_test: true,
      },
    });
    expect(created.status).toBe('valid');
    const row = await db
      .selectFrom('screenings')
      .selectAll()
      .where('lead_id', '=', created.lead_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_test: true, ip_rate_ok: true, client_ip_hash: null });
  });

  it('the same phone and service again within the window is a duplicate', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    const again = await submit(lead);
    expect(again.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
  });

  it('a claim whose lead has no verdict counts while its screening may be in flight, and not once it is old', async () => {
    const lead = body();
    // Another lead of the same phone and service claimed a moment ago and is committing its verdict.
    await screeningCtx().kv.set(claimKey(lead), claimValue(randomUUID(), Date.now()), 3600);
    const during = await submit(lead);
    expect(during.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
    // A claim left by a screening that died before its commit: it must not refuse for 30 days.
    await screeningCtx().kv.set(claimKey(lead), claimValue(randomUUID(), Date.now() - 5 * 60_000), 3600);
    const after = await submit(lead);
    expect(after.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    expect(await claimHolder(lead)).toBe(after.body.lead_id);
  });

  it('a lead deleted by an admin releases its duplicate claim: the same phone and service again is accepted', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    const kv = screeningCtx().kv;
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
    await stack.marketplace.clients.call('lead-intake', `/internal/leads/${first.body.lead_id}`, { method: 'DELETE' });
    // LeadDeleted reaches screening through the bus; the claim goes after its transaction commits.
    await waitFor(async () => (await kv.get(claimKey(lead))) === null, 'the deleted lead to release its claim');
    expect(await fingerprintRows(first.body.lead_id)).toEqual([]);
    const again = await submit(lead);
    expect(again.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    expect(await claimHolder(lead)).toBe(again.body.lead_id);
  });

  it('a deleted lead leaves alone a claim that names another lead', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    // Another lead holds the key: as when the claim lapsed a little before the fingerprint row
    // (pruned a day after the window) and a newer lead took it.
    const newer = randomUUID();
    await screeningCtx().kv.set(claimKey(lead), claimValue(newer, Date.now()), 3600);
    await handleLeadDeleted(first.body.lead_id);
    expect(await fingerprintRows(first.body.lead_id)).toEqual([]);
    expect(await claimHolder(lead)).toBe(newer);
  });

  it('with Redis unavailable at deletion the fingerprint row still goes, and the stale claim refuses nothing', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    // A real Redis client whose connection is gone: every command fails, as when Redis is down.
    const down = new RedisKeyValueStore({ url: process.env.REDIS_URL! });
    await down.close();
    await handleLeadDeleted(first.body.lead_id, down);
    expect(await fingerprintRows(first.body.lead_id)).toEqual([]);
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
    // The claim names a lead with a verdict and no fingerprint row (deleted): no original, so the
    // resubmission is accepted and takes the claim over.
    const again = await submit(lead);
    expect(again.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    expect(await claimHolder(lead)).toBe(again.body.lead_id);
  });
});
