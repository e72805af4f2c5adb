import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import type { KeyValueStore, ServiceContext } from '@leadmarket/platform';
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadIntakeDatabase } from '../src/db/database.js';
import { duplicateClaimKey, duplicateFingerprint } from '../src/domain/screening/fingerprint.js';
import { service as leadIntake } from '../src/index.js';
import { eraseLead } from '../src/use-cases/erase-lead.js';
import { claimValue } from '../src/use-cases/screen-lead.js';

let stack: TestStack;
let db: Kysely<LeadIntakeDatabase>;

beforeAll(async () => {
  // Two leads per address per hour, so the third shows the IP-rate check (leads-submit's own limit is lifted).
  stack = await startTestStack({
    services: [leadIntake],
    env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '2', SCREENING_IP_WINDOW_SECONDS: '3600' },
    // Each test submits from an address of its own (X-Forwarded-For from loopback), so no test uses
    // up another's IP allowance and the file passes in any order.
    trustProxy: ['loopback'],
  });
  db = ctx().db;
});
afterAll(async () => {
  await stack?.stop();
});

const ctx = () => stack.marketplace.services.get('lead-intake')!.ctx as ServiceContext<LeadIntakeDatabase>;

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

/** LeadScreened events lead-intake wrote to its outbox for a lead. */
async function screenedEvents(leadId: string) {
  const rows = await db.selectFrom('outbox').select('envelope').where('type', '=', 'LeadScreened').execute();
  return rows
    .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
    .filter((e) => e.data.lead_id === leadId);
}

/** The duplicate fingerprint rows kept for a lead. */
const fingerprintRows = (leadId: string) =>
  db.selectFrom('duplicate_fingerprints').select('lead_id').where('lead_id', '=', leadId).execute();
/** The Redis key of the duplicate claim a lead body makes. */
const claimKey = (lead: { phone: string; service_category: string; sub_service: string }) =>
  duplicateClaimKey(duplicateFingerprint(lead.phone, lead.service_category, lead.sub_service));
/** The lead a claim names (its value is the lead id and the time it claimed). */
const claimHolder = async (lead: { phone: string; service_category: string; sub_service: string }) =>
  (await ctx().kv.get(claimKey(lead)))?.split(' ')[0] ?? null;

describe('screening in leads-submit', () => {
  it('answers every failed check as its own reason, stores them on the lead, and writes one LeadScreened with the lead facts and no contact details', async () => {
    const res = await submit(
      body({ phone: '(800) 555-1234', email: 'x@yopmail.com', description: 'buy viagra at www.pills.example' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    const leadId = res.body.lead_id;
    const row = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'rejected',
      validation_summary: {
        phone_valid: false,
        email_valid: false,
        content_valid: false,
        is_duplicate: false,
        ip_rate_ok: true,
      },
      rejection_reasons: [
        'phone:type_toll_free',
        'email:disposable_domain',
        'content:description_link',
        'content:description_banned_word',
      ],
    });
    expect(row.screened_at).toBeInstanceOf(Date);
    const [event, ...more] = await screenedEvents(leadId);
    expect(more).toHaveLength(0);
    expect(event.producer).toBe('lead-intake');
    expect(event.data).toMatchObject({
      status: 'rejected',
      urgency: 'Emergency',
      zip_code: '60601',
      description: 'buy viagra at www.pills.example',
    });
    expect(JSON.stringify(event.data)).not.toContain('yopmail');
    expect(JSON.stringify(event.data)).not.toContain('8005551234');
    // A rejected lead claims no fingerprint: its corrected resubmission is not its duplicate.
    expect(await fingerprintRows(leadId)).toEqual([]);
  });

  it('keeps only a hash of the phone for duplicate checks', async () => {
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

  it('a retried submit (same idempotency key) stores one lead and one LeadScreened, and the first lead keeps its claim', async () => {
    const lead = body({ idempotency_key: randomUUID() });
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    const retry = await submit(lead);
    expect(retry.body).toMatchObject({ status: 'valid', lead_id: first.body.lead_id });
    expect(await screenedEvents(first.body.lead_id)).toHaveLength(1);
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
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
    const row = await db.selectFrom('leads').selectAll().where('id', '=', res.body.lead_id).executeTakeFirstOrThrow();
    expect(row.rejection_reasons).toEqual(['ip_rate:too_many_from_address']);
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
    const row = await db.selectFrom('leads').selectAll().where('id', '=', created.lead_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_test: true, client_ip_hash: null, validation_summary: { ip_rate_ok: true } });
  });

  it('the same phone and service again within the window is a duplicate', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    const again = await submit(lead);
    expect(again.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
  });

  it('a claim whose lead is not stored counts while its submit may be in flight, and not once it is old', async () => {
    const lead = body();
    // Another submit of the same phone and service claimed a moment ago and is storing its lead.
    await ctx().kv.set(claimKey(lead), `${randomUUID()} ${Date.now()}`, 3600);
    const during = await submit(lead);
    expect(during.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
    // A claim left by a submit that died before storing its lead: it must not refuse for 30 days.
    await ctx().kv.set(claimKey(lead), `${randomUUID()} ${Date.now() - 5 * 60_000}`, 3600);
    const after = await submit(lead);
    expect(after.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    expect(await claimHolder(lead)).toBe(after.body.lead_id);
  });

  it('the same submission in flight twice (one idempotency key) is never its own duplicate', async () => {
    const key = `form-${randomUUID()}`;
    const lead = body({ idempotency_key: key });
    // The browser's first try claimed a moment ago and is storing its lead; this is its retry.
    await ctx().kv.set(claimKey(lead), claimValue(randomUUID(), Date.now(), key), 3600);
    const retry = await submit(lead);
    expect(retry.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    // Another submission of the same phone and service meanwhile is a duplicate.
    const other = await submit({ ...lead, idempotency_key: `form-${randomUUID()}` });
    expect(other.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
  });

  it('a lead deleted by an admin releases its duplicate claim: the same phone and service again is accepted', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
    await stack.marketplace.clients.call('lead-intake', `/internal/leads/${first.body.lead_id}`, { method: 'DELETE' });
    expect(await ctx().kv.get(claimKey(lead))).toBeNull();
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
    const newer = `${randomUUID()} ${Date.now()}`;
    await ctx().kv.set(claimKey(lead), newer, 3600);
    expect(await eraseLead(ctx(), first.body.lead_id, new Date())).toBe(true);
    expect(await fingerprintRows(first.body.lead_id)).toEqual([]);
    expect(await ctx().kv.get(claimKey(lead))).toBe(newer);
  });

  it('with Redis unavailable at deletion the fingerprint row still goes, and the stale claim refuses nothing', async () => {
    const lead = body();
    const first = await submit(lead);
    expect(first.body.status).toBe('valid');
    // Every command fails, as when Redis is down.
    const down = new Proxy(ctx().kv, {
      get: (kv, key) =>
        typeof kv[key as keyof KeyValueStore] === 'function'
          ? () => Promise.reject(new Error('Redis is down'))
          : undefined,
    });
    expect(await eraseLead({ ...ctx(), kv: down }, first.body.lead_id, new Date())).toBe(true);
    expect(await fingerprintRows(first.body.lead_id)).toEqual([]);
    expect(await claimHolder(lead)).toBe(first.body.lead_id);
    // The claim names a stored lead without its fingerprint row (deleted): no original, so the
    // resubmission is accepted and takes the claim over.
    const again = await submit(lead);
    expect(again.body).toMatchObject({ status: 'valid', validation_summary: { is_duplicate: false } });
    expect(await claimHolder(lead)).toBe(again.body.lead_id);
  });
});
