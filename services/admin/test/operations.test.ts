// Admin operations end to end through the gateway. These compose the owners' internal routes, so
// they need the contractors, lead-intake, screening, matching and wallet-ledger services built.
import { MESSAGES } from '@leadmarket/contracts';
import { type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditOf, adminStackForFile } from './helpers.js';

let stack: TestStack;
let token: string;
const run = Math.random().toString(36).slice(2, 8);
let phoneSeq = 0;
const nextPhone = () => `212555${String(1000 + (Date.now() % 8000) + phoneSeq++).slice(-4)}`;

adminStackForFile((started) => ({ stack, token } = started));

async function signup(name: string, zip: string) {
  const username = `${name}${run}`.toLowerCase();
  const res = await stack.call('contractors-signup', {
    body: {
      contact_name: `${name} Person`,
      business_name: `${name} ${run} Plumbing`,
      email: `${username}@example.com`,
      phone: nextPhone(),
      industry: 'home_services',
      sub_service: 'plumbing',
      username,
      password: 'password123',
      confirm_password: 'password123',
      zip_codes: zip,
      sms_opt_in: true,
    },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return {
    id: res.body.contractor_id as string,
    session: res.body.session_token as string,
    username,
    business: `${name} ${run} Plumbing`,
  };
}

const balanceOf = async (id: string) =>
  (await stack.marketplace.clients.call('wallet-ledger', `/internal/wallets/${id}`)).balance_cents as number;

async function submitLead(zip: string) {
  const res = await stack.call('leads-submit', {
    body: {
      customer_name: 'Casey Customer',
      phone: nextPhone(),
      email: `casey.${randomUUID().slice(0, 8)}@example.com`,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'plumbing',
      description: 'Water heater is leaking in the basement and needs a repair this week.',
      urgency: 'Standard',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.lead_id as string;
}

describe('lead pricing', () => {
  it('a price change is used for the next screened lead and appears in the history with old and new price', async () => {
    const before = await stack.call('admin-lead-pricing', { token });
    expect(before.status).toBe(200);
    const put = await stack.call('admin-lead-pricing', {
      method: 'PUT',
      token,
      body: { category: 'home_services', lead_type: 'standard', price: 42.5 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe('Updated Home Services standard pricing to $42.50');
    expect(put.body.new_price).toBe(42.5);

    const history = await stack.call('admin-pricing-history', { token });
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({
      category: 'home_services',
      lead_type: 'standard',
      old_price: put.body.old_price,
      new_price: 42.5,
    });

    const pricing = await stack.call('admin-pricing', { token });
    expect(pricing.body.category_pricing.home_services.standard).toBe(42.5);

    const leadId = await submitLead('30301');
    const price = await waitFor(
      async () => stack.marketplace.clients.call('wallet-ledger', `/internal/leads/${leadId}/price`),
      'price of the new lead',
      20_000,
    );
    expect(price).toMatchObject({ lead_id: leadId, price_cents: 4250, lead_type: 'standard' });

    const [entry] = await auditOf(stack, token, 'lead_price.update');
    expect(entry).toMatchObject({ target_id: 'home_services/standard', after: { price_cents: 4250 } });
    expect(entry.before).toHaveProperty('price_cents');
  });
});

describe('wallet adjustment', () => {
  it('adjusts through the ledger and audits the balance before and after', async () => {
    const c = await signup('Wally', '60601');
    await waitFor(async () => (await balanceOf(c.id)) === 2500, 'signup credit', 20_000);
    const res = await stack.call('admin-wallet-adjust', {
      token,
      body: { contractor_id: c.id, amount: 50.25, notes: 'goodwill' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MESSAGES.adminSuccess.walletAdjusted,
      new_balance: 75.25,
    });
    const [entry] = await auditOf(stack, token, 'wallet.adjust');
    expect(entry).toMatchObject({
      target_id: c.id,
      before: { balance_cents: 2500 },
      after: { balance_cents: 7525, amount_cents: 5025 },
    });

    const listed = await stack.call('admin-contractors', { token, query: { search: c.business } });
    expect(listed.status).toBe(200);
    const row = listed.body.contractors.find((r: any) => r.id === c.id);
    expect(row).toMatchObject({
      business_name: c.business,
      wallet_balance: 75.25,
      total_leads_purchased: 0,
      total_spend: 0,
    });

    const deduct = await stack.call('admin-wallet-adjust', {
      token,
      body: { contractor_id: c.id, amount: -0.25, notes: 'rounding' },
    });
    expect(deduct.body.new_balance).toBe(75);
  });
});

describe('deleting a contractor', () => {
  it('refuses its login, does not offer it the next lead, keeps its ledger entries and the books balanced', async () => {
    const zip = '73301';
    const keeper = await signup('Keeper', zip);
    const gone = await signup('Gone', zip);
    await waitFor(
      async () => (await balanceOf(gone.id)) === 2500 && (await balanceOf(keeper.id)) === 2500,
      'signup credits',
      20_000,
    );
    // Both could afford the lead (matching offers only to those who can), so only the deletion tells them apart.
    for (const c of [keeper, gone]) {
      const funded = await stack.call('admin-wallet-adjust', {
        token,
        body: { contractor_id: c.id, amount: 100, notes: 'test funds' },
      });
      expect(funded.status).toBe(200);
    }

    const res = await stack.call('admin-delete-contractor', {
      method: 'DELETE',
      token,
      body: { contractor_id: gone.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MESSAGES.adminSuccess.contractorDeleted);

    const login = await stack.call('contractor-login', { body: { username: gone.username, password: 'password123' } });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    expect(
      (await stack.call('contractors-dashboard', { token: gone.session, query: { contractor_id: gone.id } })).status,
    ).toBe(401);

    const [entry] = await auditOf(stack, token, 'contractor.delete');
    expect(entry).toMatchObject({
      target_id: gone.id,
      before: { business_name: gone.business },
      after: { deleted: true },
    });

    const leadId = await submitLead(zip);
    await waitFor(
      async () => {
        const offers = await stack.call('contractors-available-leads', {
          token: keeper.session,
          query: { contractor_id: keeper.id },
        });
        return (offers.body?.available_leads ?? []).some((l: any) => l.id === leadId);
      },
      'the lead offered to the remaining contractor',
      15_000,
    );
    // The offers matching made for the lead (read from its table: test-only, the admin service never does this).
    const matchingDb = stack.marketplace.services.get('matching')!.ctx.db;
    const offered = await waitFor(
      async () => {
        const rows = await matchingDb
          .selectFrom('offers')
          .select('contractor_id')
          .where('lead_id', '=', leadId)
          .execute();
        const ids = rows.map((r: any) => String(r.contractor_id));
        return ids.includes(keeper.id) ? ids : undefined;
      },
      'the offers of the new lead',
      20_000,
    );
    expect(offered).not.toContain(gone.id);

    const transactions = await stack.call('admin-transactions', { token, query: { limit: 500 } });
    expect(transactions.status).toBe(200);
    expect(transactions.body.transactions.some((t: any) => t.contractor_id === gone.id)).toBe(true);
    const check = await stack.call('admin-ledger-check', { token });
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(true);
    expect(await balanceOf(gone.id)).toBe(12500);
  });

  it('bulk delete reports how many went and which failed', async () => {
    const one = await signup('Bulk', '94105');
    const res = await stack.call('admin-bulk-delete-contractors', {
      method: 'DELETE',
      token,
      body: { contractor_ids: [one.id, randomUUID()] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: 1, deleted_ids: [one.id], success: false });
    expect(res.body.failed).toHaveLength(1);
  });
});

describe('test leads and lead deletes', () => {
  it('creates a test lead through the lead pipeline, lists it with its status, and deletes leads in bulk', async () => {
    const created = await stack.call('admin-utilities', {
      token,
      body: {
        action: 'create_lead',
        customer_name: 'Tess Test',
        phone: nextPhone(),
        email: 'tess@example.com',
        service_category: 'home_services',
        sub_service: 'plumbing',
        zip_code: '02139',
        description: 'Admin test lead for the pipeline check',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(MESSAGES.adminSuccess.testLeadCreated);
    const leadId = created.body.lead_id;
    const [createdEntry] = await auditOf(stack, token, 'lead.create_test');
    expect(createdEntry).toMatchObject({ target_id: leadId, after: { is_test: true } });

    const listed = await stack.call('admin-leads', { token, query: { search: 'Tess Test' } });
    expect(listed.status).toBe(200);
    const row = listed.body.leads.find((l: any) => l.id === leadId);
    expect(row).toBeTruthy();
    expect(row.is_test).toBe(true);
    expect(Array.isArray(row.contractor_leads)).toBe(true);

    const bulk = await stack.call('admin-bulk-delete-leads', {
      method: 'DELETE',
      token,
      body: { lead_ids: [leadId, randomUUID()] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toMatchObject({ deleted: 1, deleted_ids: [leadId] });
    expect(bulk.body.failed).toHaveLength(1);
    const [deletedEntry] = await auditOf(stack, token, 'lead.delete');
    expect(deletedEntry).toMatchObject({ target_id: leadId, after: { deleted: true } });
  });
});

describe('read-only views', () => {
  it('stats, refunds and site messages answer in the spec shapes', async () => {
    const stats = await stack.call('admin-stats', { token });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body).toMatchObject({
      totalLeads: expect.any(Number),
      totalContractors: expect.any(Number),
      totalRevenue: expect.any(Number),
      activeContractors: expect.any(Number),
      active_definition: expect.stringContaining('30 days'),
    });
    const refunds = await stack.call('admin-refund-management', { token });
    expect(refunds.status, JSON.stringify(refunds.body)).toBe(200);
    expect(Array.isArray(refunds.body)).toBe(true);

    await stack.call('contact', { body: { name: 'Ada', email: 'ada@example.com', message: `hello ${run}` } });
    const messages = await stack.call('admin-site-messages', { token, query: { kind: 'contact' } });
    expect(messages.status).toBe(200);
    expect(messages.body.items[0]).toMatchObject({ kind: 'contact', message: `hello ${run}` });
  });
});

describe('refund queue', () => {
  it('lists a refund request with its contractor and lead, decides it once, and audits the decision', async () => {
    const zip = '98101';
    const buyer = await signup('Refundee', zip);
    await waitFor(async () => (await balanceOf(buyer.id)) === 2500, 'signup credit', 20_000);
    expect(
      (
        await stack.call('admin-wallet-adjust', {
          token,
          body: { contractor_id: buyer.id, amount: 200, notes: 'test funds' },
        })
      ).status,
    ).toBe(200);
    const leadId = await submitLead(zip);
    await waitFor(
      async () => {
        const offers = await stack.call('contractors-available-leads', {
          token: buyer.session,
          query: { contractor_id: buyer.id },
        });
        return (offers.body?.available_leads ?? []).some((l: any) => l.id === leadId);
      },
      'the lead offered to the buyer',
      15_000,
    );
    const bought = await stack.call('purchase-lead', {
      token: buyer.session,
      body: { lead_id: leadId, contractor_id: buyer.id },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const asked = await stack.call('request-refund', {
      token: buyer.session,
      body: { lead_id: leadId, contractor_id: buyer.id, reason: 'Wrong number' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const refundId = asked.body.refund_request_id;

    const queue = await stack.call('admin-refund-management', { token });
    expect(queue.status).toBe(200);
    const item = queue.body.find((r: any) => r.id === refundId);
    expect(item).toMatchObject({
      status: 'pending',
      reason: 'Wrong number',
      contractors: { business_name: buyer.business, email: `${buyer.username}@example.com` },
      leads: { customer_name: 'Casey Customer', service_category: 'home_services', zip_code: zip },
    });

    const decided = await stack.call('admin-refund-management', {
      token,
      body: { refund_request_id: refundId, action: 'approve', admin_notes: 'verified' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.message).toBe(MESSAGES.adminSuccess.refundDecided('approved'));
    const [entry] = await auditOf(stack, token, 'refund.approve');
    expect(entry).toMatchObject({
      target_id: refundId,
      before: { status: 'pending' },
      after: { status: 'approved', admin_notes: 'verified' },
    });

    const again = await stack.call('admin-refund-management', {
      token,
      body: { refund_request_id: refundId, action: 'reject' },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await auditOf(stack, token, 'refund.reject')).toHaveLength(0);
    expect((await stack.call('admin-ledger-check', { token })).body.ok).toBe(true);
  });
});

describe('admin password reset through the public functions', () => {
  it('forgot-password with user_type admin emails a type=admin link that reset-password accepts', async () => {
    const forgot = await stack.call('forgot-password', {
      body: { email: 'admin@leadmarket.local', user_type: 'admin' },
    });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    const mail = await waitFor(
      async () => {
        const out = await stack.marketplace.clients.call('notification', '/internal/outbox', {
          query: { channel: 'email', to: 'admin@leadmarket.local' },
        });
        return (out.messages as any[]).find((m) => String(m.body).includes('type=admin'));
      },
      'the admin reset email',
      20_000,
    );
    const resetToken = new URL(
      String(mail.body)
        .match(/https?:\/\/\S+/)![0]
        .replace(/[)>.,]+$/, ''),
    ).searchParams.get('token')!;
    const verify = await stack.call('verify-reset-token', { query: { token: resetToken, type: 'admin' } });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    const reset = await stack.call('reset-password', {
      body: {
        token: resetToken,
        password: 'reset-admin-password',
        confirm_password: 'reset-admin-password',
        type: 'admin',
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await stack.call('admin-login', { body: { password: 'reset-admin-password' } })).status).toBe(200);
    token = (await stack.call('admin-login', { body: { password: 'reset-admin-password' } })).body.session_token;
  });
});
