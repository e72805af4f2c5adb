import { MESSAGES, SCREENING_WAIT_MS } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadBody, leadCount, leadDb, leadRow, screeningDb } from './helpers.js';

let stack: TestStack;

// Many submissions come from 127.0.0.1 here; the per-IP limit has its own suite with the default.
testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

const allGood = { phone_valid: true, email_valid: true, content_valid: true, is_duplicate: false, ip_rate_ok: true };

describe('leads-submit', () => {
  it('stores a valid lead with its phone in E.164 and answers the screening verdict with the spec text', async () => {
    const body = leadBody({ phone: '(212) 555-0147', sub_service: 'hvac-valid' });
    const res = await stack.call('leads-submit', { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: MESSAGES.leadSubmit.success,
      status: 'valid',
      validation_summary: allGood,
    });
    const row = await leadRow(stack, res.body.lead_id);
    expect(row).toMatchObject({
      phone: '+12125550147',
      status: 'available',
      customer_name: 'Jane Doe',
      urgency: 'Standard',
    });
    // The event carries only a hash of the client address.
    const outbox = await leadDb(stack)
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'LeadSubmitted')
      .execute();
    const event = outbox
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
      .find((e) => e.data.lead_id === res.body.lead_id);
    expect(event.data.client_ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the generic form (no email, urgency or contractor_id)', async () => {
    const { email: _e, urgency: _u, ...generic } = leadBody();
    const res = await stack.call('leads-submit', { body: generic });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('valid');
    expect((await leadRow(stack, res.body.lead_id))?.email).toBeNull();
  });

  it('rejects an impossible phone number with phone_valid false, records the reason, and never makes it available', async () => {
    const res = await stack.call('leads-submit', { body: leadBody({ phone: '(123) 456-7890' }) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.validation_summary).toMatchObject({ phone_valid: false });
    expect(res.body.message).toContain('phone number');
    expect((await leadRow(stack, res.body.lead_id))?.status).toBe('rejected');
    const reasons = await screeningDb(stack)
      .selectFrom('screening_reasons')
      .selectAll()
      .where('lead_id', '=', res.body.lead_id)
      .execute();
    expect(reasons.map((r) => r.code)).toEqual(['phone:invalid_number']);
    // Nothing offers it: matching, the owner of offers, never stored it (so never made a claim token).
    const offers = await stack.marketplace.services
      .get('matching')!
      .ctx.db.selectFrom('offers')
      .selectAll()
      .where('lead_id', '=', res.body.lead_id)
      .execute();
    expect(offers).toHaveLength(0);
  });

  it('rejects a second request for the same phone and service within 30 days as a duplicate', async () => {
    const body = leadBody();
    const first = await stack.call('leads-submit', { body });
    expect(first.body.status).toBe('valid');
    const second = await stack.call('leads-submit', {
      body: { ...body, phone: body.phone.replace('+1', '').replace(/(\d{3})(\d{3})(\d{4})/, '($1) $2-$3') },
    });
    expect(second.status).toBe(200);
    expect(second.body.status).toBe('rejected');
    expect(second.body.validation_summary).toMatchObject({ is_duplicate: true, phone_valid: true });
    // Another service for the same phone is not a duplicate.
    const other = await stack.call('leads-submit', { body: { ...body, sub_service: 'roofing' } });
    expect(other.body.validation_summary).toMatchObject({ is_duplicate: false });
  });

  it('accepts the corrected resubmission of a rejected request (duplicates count accepted leads only)', async () => {
    const body = leadBody({ email: 'jane@mailinator.com' });
    const rejected = await stack.call('leads-submit', { body });
    expect(rejected.body).toMatchObject({ status: 'rejected', validation_summary: { email_valid: false } });
    const corrected = await stack.call('leads-submit', { body: { ...body, email: 'jane.doe@example.org' } });
    expect(corrected.body).toMatchObject({ status: 'valid', validation_summary: allGood });
    // The accepted one is now the original: the same request again is the duplicate.
    const again = await stack.call('leads-submit', { body: { ...body, email: 'jane.doe@example.org' } });
    expect(again.body).toMatchObject({ status: 'rejected', validation_summary: { is_duplicate: true } });
  });

  it('a rejected request leaves a stale Redis claim that does not block the corrected one', async () => {
    const body = leadBody({ description: 'fix' });
    const rejected = await stack.call('leads-submit', { body });
    expect(rejected.body.status).toBe('rejected');
    // As under the old rule: the rejected lead holds the Redis key.
    const { duplicateFingerprint } = await import('../../screening/src/domain/fingerprint.js');
    const fp = duplicateFingerprint(body.phone, body.service_category, body.sub_service);
    await stack.marketplace.services.get('screening')!.ctx.kv.set(`screening:dup:${fp}`, rejected.body.lead_id, 3600);
    const corrected = await stack.call('leads-submit', {
      body: { ...body, description: 'The kitchen sink drain is clogged and water backs up.' },
    });
    expect(corrected.body).toMatchObject({ status: 'valid', validation_summary: allGood });
  });

  it('finds a duplicate through PostgreSQL when the Redis key is gone', async () => {
    const body = leadBody();
    const first = await stack.call('leads-submit', { body });
    expect(first.body.status).toBe('valid');
    const fp = await screeningDb(stack)
      .selectFrom('duplicate_fingerprints')
      .select('fingerprint')
      .where('lead_id', '=', first.body.lead_id)
      .executeTakeFirstOrThrow();
    await stack.marketplace.services.get('screening')!.ctx.kv.delete(`screening:dup:${fp.fingerprint}`);
    const second = await stack.call('leads-submit', { body });
    expect(second.body.validation_summary).toMatchObject({ is_duplicate: true });
  });

  it('flags junk content and disposable emails', async () => {
    const spam = await stack.call('leads-submit', {
      body: leadBody({ description: 'Cheap offers at http://spam.example click now!!!!!!' }),
    });
    expect(spam.body).toMatchObject({ status: 'rejected', validation_summary: { content_valid: false } });
    const disposable = await stack.call('leads-submit', { body: leadBody({ email: 'someone@mailinator.com' }) });
    expect(disposable.body).toMatchObject({
      status: 'rejected',
      validation_summary: { email_valid: false, content_valid: true },
    });
  });

  it('a retried submit with the same idempotency key answers the first reply and stores no second lead', async () => {
    const key = `form-${randomUUID()}`;
    const body = { ...leadBody(), idempotency_key: key };
    const before = await leadCount(stack);
    const first = await stack.call('leads-submit', { body });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('valid');
    const retry = await stack.call('leads-submit', { body });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // Two at once (the browser retried while the first was still in flight): still one lead.
    const racing = { ...leadBody(), idempotency_key: `form-${randomUUID()}` };
    const [a, b] = await Promise.all([
      stack.call('leads-submit', { body: racing }),
      stack.call('leads-submit', { body: racing }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.lead_id).toBe(b.body.lead_id);
    expect(await leadCount(stack)).toBe(before + 2);
    const rows = await leadDb(stack).selectFrom('leads').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toEqual([{ id: first.body.lead_id }]);
    // And never a duplicate of itself: the lead screening saw is the only one.
    expect(first.body.validation_summary.is_duplicate).toBe(false);
  });

  it('refuses a reused idempotency key with different details (409) and stores nothing', async () => {
    const body = leadBody({ idempotency_key: `form-${randomUUID()}` });
    await stack.call('leads-submit', { body });
    const before = await leadCount(stack);
    const other = await stack.call('leads-submit', { body: { ...body, description: 'Something else entirely here.' } });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MESSAGES.leadSubmit.keyReused);
    expect(await leadCount(stack)).toBe(before);
  });

  it('answers 400 with the field for bad input and stores nothing', async () => {
    const before = await leadCount(stack);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ zip_code: '1234' }, 'zip_code'],
      [{ zip_code: '123456' }, 'zip_code'],
      [{ zip_code: 'abcde' }, 'zip_code'],
      [{ customer_name: '  ' }, 'customer_name'],
      [{ description: undefined }, 'description'],
      [{ urgency: 'Whenever' }, 'urgency'],
      [{ phone: 'call me maybe' }, 'phone'],
    ];
    for (const [override, field] of cases) {
      const res = await stack.call('leads-submit', { body: leadBody(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.detail).toBe(res.body.message);
      // Plain words: the message never names the wire field.
      expect(res.body.message).not.toMatch(new RegExp(`${field} (must|is)|_`));
      expect(res.body.message).toMatch(/^Please /);
    }
    const zip = await stack.call('leads-submit', { body: leadBody({ zip_code: '1234' }) });
    expect(zip.body.message).toBe('Please enter a 5-digit ZIP code');
    const malformed = await stack.call('leads-submit', { rawBody: '{"customer_name":' });
    expect(malformed.status).toBe(400);
    expect(await leadCount(stack)).toBe(before);
  });

  it('answers pending within the bounded wait while screening is down, and the lead is screened once it returns', async () => {
    const screening = stack.marketplace.services.get('screening')!;
    await screening.stopConsumers();
    try {
      const started = Date.now();
      const res = await stack.call('leads-submit', { body: leadBody() });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'pending',
        validation_summary: null,
        message: MESSAGES.leadSubmit.pending,
      });
      expect(elapsed).toBeGreaterThanOrEqual(SCREENING_WAIT_MS - 50);
      expect(elapsed).toBeLessThan(SCREENING_WAIT_MS + 1000);
      expect((await leadRow(stack, res.body.lead_id))?.status).toBe('screening');
      await screening.startConsumers();
      const row = await waitFor(
        async () => {
          const r = await leadRow(stack, res.body.lead_id);
          return r?.status === 'available' ? r : undefined;
        },
        'the lead screened after screening came back',
        20_000,
      );
      expect(row.validation_summary).toMatchObject(allGood);
    } finally {
      await screening.startConsumers();
    }
  });

  it('never exceeds the bounded wait, even for many submissions at once', async () => {
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => stack.call('leads-submit', { body: leadBody() })),
    );
    expect(Date.now() - started).toBeLessThan(SCREENING_WAIT_MS + 2500);
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(['valid', 'pending']).toContain(r.body.status);
    }
  });
});

describe('lead internal routes', () => {
  it('creates a test lead through the same pipeline, lists, looks up, counts and deletes it', async () => {
    const clients = stack.marketplace.clients;
    const created = await clients.call('lead-intake', '/internal/leads', {
      body: {
        customer_name: 'Tess Tester',
        phone: '(415) 555-0199',
        email: 'tess@example.com',
        service_category: 'HVAC',
        sub_service: 'repair',
        zip_code: '94105',
        description: 'Furnace makes a loud banging noise when it starts.',
        is_test: true,
      },
    });
    expect(created.status).toBe('valid');
    const list = await clients.call('lead-intake', '/internal/leads', {
      query: { search: 'Tess Tester', status: 'available' },
    });
    expect(list.total).toBe(1);
    expect(list.leads[0]).toMatchObject({
      id: created.lead_id,
      customer_name: 'Tess Tester',
      phone: '+14155550199',
      status: 'available',
      contractor_leads: [],
    });
    const lookup = await clients.call('lead-intake', '/internal/leads/lookup', {
      body: { ids: [created.lead_id, 'not-a-uuid'] },
    });
    expect(lookup.leads).toEqual([
      {
        id: created.lead_id,
        customer_name: 'Tess Tester',
        service_category: 'HVAC',
        sub_service: 'repair',
        zip_code: '94105',
        status: 'available',
        is_test: true,
      },
    ]);
    const statsBefore = await clients.call('lead-intake', '/internal/stats');
    expect(await clients.call('lead-intake', `/internal/leads/${created.lead_id}`, { method: 'DELETE' })).toEqual({
      deleted: true,
    });
    const statsAfter = await clients.call('lead-intake', '/internal/stats');
    expect(statsAfter.total_leads).toBe(statsBefore.total_leads - 1);
    await expect(
      clients.call('lead-intake', `/internal/leads/${created.lead_id}`, { method: 'DELETE' }),
    ).rejects.toMatchObject({ status: 404 });
    const row = await leadRow(stack, created.lead_id);
    expect(row).toMatchObject({ status: 'deleted', phone: '', email: null });
  });
});
