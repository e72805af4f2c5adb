import {
  signUpFundedContractor,
  startTestStack,
  uniqueZip,
  waitUntilMatchable,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, auditOf } from '../../admin/test/helpers.js';

// The operator's screening desk through the gateway, with the whole marketplace: rejections listed
// and counted, a release that makes the lead valid, priced, offered and tells the customer, rules
// tuned without a deploy, every change in admin's audit log.
let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { LEAD_SUBMIT_RATE_LIMIT: '1000', ADMIN_LOGIN_MAX_ATTEMPTS: '1000' } });
  token = await adminToken(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const db = (service: string) => stack.marketplace.services.get(service as never)!.ctx.db;
const phone = () => `+1415555${String(randomInt(10_000)).padStart(4, '0')}`;
const lead = (over: Record<string, unknown> = {}) => ({
  customer_name: 'Hank Hill',
  phone: phone(),
  email: 'hank.hill@example.org',
  zip_code: '73301',
  service_category: 'home_services',
  sub_service: 'hvac',
  description: 'The air conditioner blows warm air and makes a rattling noise.',
  urgency: 'Standard',
  ...over,
});

describe('the screening desk', () => {
  it('is for admins only', async () => {
    for (const name of ['admin-screening-rejections', 'admin-screening-rules'] as const)
      expect((await stack.call(name)).status).toBe(401);
    expect((await stack.call('admin-screening-release', { body: { lead_id: crypto.randomUUID() } })).status).toBe(401);
  });

  it('lists rejections with their reasons, filtered by reason and day, with counts per reason for 7 days', async () => {
    const rejected = await stack.call('leads-submit', { body: lead({ phone: '(123) 456-7890' }) });
    expect(rejected.body.status).toBe('rejected');
    const res = await stack.call('admin-screening-rejections', { token, query: { reason: 'phone' } });
    expect(res.status).toBe(200);
    const row = res.body.rejections.find((r: any) => r.lead_id === rejected.body.lead_id);
    expect(row).toMatchObject({
      reasons: ['phone:invalid_number'],
      sub_service: 'hvac',
      zip_code: '73301',
      released_at: null,
    });
    // The desk shows the job, never the customer's contact.
    expect(JSON.stringify(row)).not.toContain('Hank');
    expect(res.body.counts_7d.find((c: any) => c.reason === 'phone:invalid_number').count).toBeGreaterThanOrEqual(1);
    const other = await stack.call('admin-screening-rejections', {
      token,
      query: { reason: 'email:disposable_domain' },
    });
    expect(other.body.rejections.map((r: any) => r.lead_id)).not.toContain(rejected.body.lead_id);
    const past = await stack.call('admin-screening-rejections', { token, query: { to: '2020-01-01' } });
    expect(past.body.rejections).toEqual([]);
    expect((await stack.call('admin-screening-rejections', { token, query: { from: 'yesterday' } })).status).toBe(400);
  });

  it('releases a wrongly rejected lead: valid, priced, offered, the customer told, the release audited', async () => {
    const zip = uniqueZip('8');
    const contractor = await signUpFundedContractor(stack, { zip_codes: zip });
    await waitUntilMatchable(stack, contractor.id);
    const customerPhone = phone();
    // Refused for a word the operator then decides is fine.
    const res = await stack.call('leads-submit', {
      body: lead({
        zip_code: zip,
        phone: customerPhone,
        description: 'Need crypto miner room cooled, the AC is broken.',
      }),
    });
    expect(res.body.status).toBe('rejected');
    const leadId = res.body.lead_id;
    const released = await stack.call('admin-screening-release', { token, body: { lead_id: leadId } });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ success: true, lead_id: leadId });
    // Released twice: refused, nothing changes.
    expect((await stack.call('admin-screening-release', { token, body: { lead_id: leadId } })).status).toBe(409);
    await waitFor(
      async () =>
        (await db('lead-intake').selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirst())
          ?.status === 'available',
      'the lead available at lead-intake',
      30_000,
    );
    await waitFor(
      () =>
        db('wallet-ledger')
          .selectFrom('leads')
          .select('status')
          .where('lead_id', '=', leadId)
          .where('status', '=', 'available')
          .executeTakeFirst(),
      'the lead on sale at wallet-ledger',
      30_000,
    );
    await waitFor(
      () =>
        db('matching')
          .selectFrom('offers')
          .select('contractor_id')
          .where('lead_id', '=', leadId)
          .where('contractor_id', '=', contractor.id)
          .executeTakeFirst(),
      'the offer to the contractor of the area',
      30_000,
    );
    const told = await waitFor(
      () =>
        db('notification')
          .selectFrom('deliveries')
          .select(['recipient', 'body'])
          .where('lead_id', '=', leadId)
          .where('kind', '=', 'customer_update')
          .where('channel', '=', 'sms')
          .executeTakeFirst(),
      'the customer told',
      30_000,
    );
    expect(told).toMatchObject({ recipient: customerPhone });
    expect(told.body).toContain('checked again and accepted');
    const audit = await waitFor(async () => {
      const entries = await auditOf(stack, token, 'screening.release');
      return entries.find((e: any) => e.target_id === leadId);
    }, 'the release in the audit log');
    expect(audit.before).toMatchObject({ status: 'rejected', reasons: ['content:description_banned_word'] });
    expect(audit.after).toMatchObject({ status: 'valid' });
    const listed = await stack.call('admin-screening-rejections', {
      token,
      query: { reason: 'content:description_banned_word' },
    });
    // Still listed, marked released.
    expect(listed.body.rejections.find((r: any) => r.lead_id === leadId).released_at).toBe(released.body.released_at);
  });

  it('tunes the rules without a deploy: blocked words and domains, the per-address limit, audited before and after', async () => {
    const before = await stack.call('admin-screening-rules', { token });
    expect(before.status).toBe(200);
    const rules = {
      blocked_words: ['timeshare'],
      blocked_domains: ['spammy.example'],
      ip_limit: before.body.ip_limit,
      ip_window_seconds: 1800,
    };
    expect(
      (await stack.call('admin-screening-rules', { method: 'PUT', token, body: { ...rules, ip_limit: 0 } })).status,
    ).toBe(400);
    const put = await stack.call('admin-screening-rules', { method: 'PUT', token, body: rules });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(rules);
    const word = await stack.call('leads-submit', {
      body: lead({ description: 'Please fix the AC in my Timeshare unit, it blows warm.' }),
    });
    expect(word.body).toMatchObject({ status: 'rejected', validation_summary: { content_valid: false } });
    const domain = await stack.call('leads-submit', { body: lead({ email: 'hank@mail.spammy.example' }) });
    expect(domain.body).toMatchObject({ status: 'rejected', validation_summary: { email_valid: false } });
    expect(domain.body.problems[0]).toMatchObject({ field: 'email' });
    const audit = await waitFor(
      async () => (await auditOf(stack, token, 'screening.rules_update'))[0],
      'the rules change audited',
    );
    expect(audit.before).toMatchObject({
      blocked_words: before.body.blocked_words,
      ip_window_seconds: before.body.ip_window_seconds,
    });
    expect(audit.after).toMatchObject(rules);
    // Back as they were, so other tests of the file see the defaults.
    await stack.call('admin-screening-rules', {
      method: 'PUT',
      token,
      body: {
        blocked_words: [],
        blocked_domains: [],
        ip_limit: before.body.ip_limit,
        ip_window_seconds: before.body.ip_window_seconds,
      },
    });
  });
});
