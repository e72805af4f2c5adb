// Lists that scale, and what the operator reads: with 150 leads the admin Leads list pages on the
// server, its total equals the statistics, "export all" gives every matching row as CSV; the audit
// log filters by admin, action and day; Create Test Lead says what screening decided; the
// contractor page gathers one contractor's profile, statement, leads, refunds and SMS consent.
import { AdminContractorPagePartsSchema, MESSAGES, SMS_CONSENT_WORDING } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers.js';

let stack: TestStack;
let token: string;
const LEADS = 150;
const DUPLICATES = 3;
const phoneOf = (i: number) => `2125${String(550000 + i).padStart(6, '0')}`;

async function createTestLead(i: number, name = `Lister ${i}`) {
  const res = await stack.call('admin-utilities', {
    token,
    body: {
      action: 'create_lead',
      customer_name: name,
      phone: phoneOf(i),
      email: `lister${i}@example.com`,
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      description: 'The furnace makes a loud banging noise when it starts up',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  stack = await startTestStack({ env: { ADMIN_LOGIN_MAX_ATTEMPTS: '1000' } });
  token = await adminToken(stack);
  // A few at a time: fast enough, and gentle with a shared machine.
  const first = LEADS - DUPLICATES;
  for (let i = 0; i < first; i += 6)
    await Promise.all(
      Array.from({ length: Math.min(6, first - i) }, (_, k) =>
        createTestLead(i + k, i + k === 0 ? '=SUM(A1) Tester' : i + k === 1 ? '＠SUM(A1) Tester' : undefined),
      ),
    );
}, 300_000);
afterAll(async () => {
  await stack?.stop();
});

const csvRows = (text: string) => text.split('\r\n').filter((line) => line.length > 0);

describe('Create Test Lead reports the screening verdict', () => {
  it('says a duplicate was rejected, and why', async () => {
    for (let d = 0; d < DUPLICATES; d++) {
      const body = await createTestLead(d + 1, `Dup ${d}`);
      if (body.status === 'pending') continue; // screening slower than the wait: the Leads list shows it later
      expect(body.status).toBe('rejected');
      // Screening's own reason, in the words the customer gets (contracts' lead-reasons).
      expect(body.reasons).toEqual([
        expect.stringMatching(/request for this service from this phone number from the last 30 days/),
      ]);
      expect(body.message).toMatch(/^Test lead created, but screening rejected it: .*last 30 days/);
      expect(body.message).not.toBe(MESSAGES.adminSuccess.testLeadCreated);
    }
    await waitFor(
      async () =>
        (await stack.call('admin-leads', { token, query: { status: 'rejected', limit: 25 } })).body.total ===
        DUPLICATES,
      'the duplicates rejected',
      20_000,
    );
  });
});

describe('the Leads list with 150 leads', () => {
  it('pages on the server, its total equals Total Leads, and sorts by date', async () => {
    const stats = await stack.call('admin-stats', { token });
    expect(stats.body.totalLeads).toBe(LEADS);
    const page2 = await stack.call('admin-leads', { token, query: { page: 2, limit: 25 } });
    expect(page2.status).toBe(200);
    expect(page2.body.total).toBe(stats.body.totalLeads);
    expect(page2.body.leads).toHaveLength(25);
    const last = await stack.call('admin-leads', { token, query: { page: 6, limit: 25 } });
    expect(last.body.leads).toHaveLength(25);
    const beyond = await stack.call('admin-leads', { token, query: { page: 7, limit: 25 } });
    expect(beyond.body.leads).toHaveLength(0);
    const newest = await stack.call('admin-leads', { token, query: { limit: 500 } });
    const oldest = await stack.call('admin-leads', { token, query: { limit: 500, sort: 'oldest' } });
    expect(oldest.body.leads.map((l: any) => l.id)).toEqual([...newest.body.leads.map((l: any) => l.id)].reverse());
    const found = await stack.call('admin-leads', { token, query: { search: 'Lister 42', limit: 25 } });
    expect(found.body.leads.map((l: any) => l.customer_name)).toEqual(['Lister 42']);
  });

  it('filters by every status a lead can have', async () => {
    const counts: Record<string, number> = {};
    for (const status of ['screening', 'rejected', 'available', 'purchased', 'completed', 'archived', 'expired']) {
      const res = await stack.call('admin-leads', { token, query: { status, limit: 1 } });
      expect(res.status, status).toBe(200);
      counts[status] = res.body.total;
    }
    expect(counts.rejected).toBe(DUPLICATES);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(LEADS);
    const bad = await stack.call('admin-leads', { token, query: { status: 'sold' } });
    expect(bad.status).toBe(400);
  });

  it('exports every matching row from the server as CSV, formulas neutralised', async () => {
    const all = await stack.call('admin-leads-export', { token });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(all.headers.get('content-disposition')).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(all.body);
    expect(rows[0]).toBe(
      'id,created_at,status,is_test,customer_name,phone,email,service_category,sub_service,zip_code,description,assigned_contractors',
    );
    expect(rows).toHaveLength(LEADS + 1);
    expect(all.body).toContain(`,'=SUM(A1) Tester,`);
    expect(all.body).toContain(`,'＠SUM(A1) Tester,`);
    const rejected = await stack.call('admin-leads-export', { token, query: { status: 'rejected' } });
    expect(csvRows(rejected.body)).toHaveLength(DUPLICATES + 1);
    const [entry] = (await stack.call('admin-audit-log', { token, query: { action: 'leads.export' } })).body.entries;
    expect(entry.after).toMatchObject({ rows: DUPLICATES, status: 'rejected' });
  });
});

describe('the audit log', () => {
  it('filters by action, admin and day, and lists what the filters can choose', async () => {
    const all = await stack.call('admin-audit-log', { token, query: { limit: 5 } });
    expect(all.status).toBe(200);
    expect(all.body.actions).toEqual(expect.arrayContaining(['lead.create_test', 'leads.export']));
    expect(all.body.admins.length).toBeGreaterThan(0);
    const admin = all.body.admins[0];
    const mine = await stack.call('admin-audit-log', {
      token,
      query: { admin_id: admin.id, action: 'lead.create_test', limit: 500 },
    });
    expect(mine.body.total).toBe(LEADS);
    expect(mine.body.entries[0]).toMatchObject({ admin_email: admin.email, target_type: 'lead' });
    expect(mine.body.entries[0].after).toHaveProperty('status');
    const today = new Date().toISOString().slice(0, 10);
    const day = await stack.call('admin-audit-log', { token, query: { from: today, to: today, limit: 1 } });
    expect(day.body.total).toBe(all.body.total);
    // An admin twelve hours ahead of UTC filters by their own day.
    const theirDay = new Date(Date.now() + 12 * 3_600_000).toISOString().slice(0, 10);
    const ahead = await stack.call('admin-audit-log', {
      token,
      query: { from: theirDay, to: theirDay, tz_offset: -720, limit: 1 },
    });
    expect(ahead.body.total).toBe(all.body.total);
    const longAgo = await stack.call('admin-audit-log', { token, query: { to: '2020-01-01', limit: 1 } });
    expect(longAgo.body.total).toBe(0);
    const badDay = await stack.call('admin-audit-log', { token, query: { from: 'yesterday' } });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toBe('Dates are written YYYY-MM-DD');
  });
});

describe('contractors list and contractor page', () => {
  it('pages, sorts and exports contractors; one contractor page has profile, money, leads, refunds and consent', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await stack.call('contractors-signup', {
        headers: { 'x-forwarded-for': '203.0.113.7' },
        body: {
          contact_name: `Page Person ${i}`,
          business_name: `Page ${i} Heating`,
          email: `page${i}@example.com`,
          phone: `212555${7000 + i}`,
          industry: 'home_services',
          sub_service: 'hvac',
          username: `pageperson${i}`,
          password: 'password123',
          confirm_password: 'password123',
          zip_codes: '30301',
          sms_opt_in: true,
        },
      });
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      ids.push(res.body.contractor_id);
    }
    const newest = await stack.call('admin-contractors', { token, query: { limit: 2 } });
    expect(newest.body.total).toBe(3);
    expect(newest.body.contractors).toHaveLength(2);
    const oldest = await stack.call('admin-contractors', { token, query: { limit: 1, sort: 'oldest' } });
    expect(oldest.body.contractors[0].id).toBe(ids[0]);
    const csv = await stack.call('admin-contractors-export', { token, query: { search: 'Heating' } });
    expect(csvRows(csv.body)).toHaveLength(4);

    const page = await stack.call('admin-contractor', { token, query: { contractor_id: ids[0] } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    // Every part in the shape the admin web's types are derived from.
    AdminContractorPagePartsSchema.parse(page.body);
    expect(page.body.contractor).toMatchObject({ id: ids[0], business_name: 'Page 0 Heating' });
    expect(page.body.sms_consent.records[0]).toMatchObject({ opted_in: true, wording: SMS_CONSENT_WORDING });
    expect(page.body.sms_consent.records[0].recorded_at).toBeTruthy();
    expect(page.body.leads_bought).toEqual({ available: true, leads: [] });
    expect(page.body.refunds).toEqual({ available: true, requests: [] });
    // The statement is wallet-ledger's; when it cannot answer, the page says so.
    if (page.body.statement.available) {
      expect(page.body.statement.entries[0]).toMatchObject({ amount: 25, balance_after: 25 });
    } else {
      expect(page.body.statement.reason).toBe(
        'wallet-ledger does not provide /internal/wallets/' + ids[0] + '/statement yet',
      );
    }
    const unknown = await stack.call('admin-contractor', { token, query: { contractor_id: 'nobody' } });
    expect(unknown.status).toBe(404);
  });
});
