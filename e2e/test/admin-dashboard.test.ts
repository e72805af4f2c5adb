import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '@leadmarket/contracts/routes';
import { hasHorizontalScroll, startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, uniqueSurname } from '../src/helpers.js';

// The embedded stack creates its first admin from these (admin service start-up bootstrap).
const ADMIN_EMAIL = 'e2e-admin@leadmarket.test';
const ADMIN_PASSWORD = 'e2e-admin-password-1';
const ADMIN_FUNCTIONS = Object.entries(ROUTES)
  .filter(([, r]) => r.auth === 'admin')
  .map(([name, r]) => ({ name, method: r.methods[0]! }));

let env: E2eEnv;

const api = (name: string, init: Parameters<typeof callFunction>[2] = {}) => callFunction(env.baseUrl, name, init);

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await fn();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** The wallet balance shown in the Contractors tab for one business, in dollars. */
async function shownBalance(page: Page, businessName: string): Promise<number> {
  await openTab(page, 'Contractors');
  const row = page.locator('tr', { hasText: businessName });
  const cell = row.locator('td').nth(4);
  return Number((await cell.innerText()).replace(/[$,]/g, ''));
}

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Admin password').press('Enter');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

describe('admin dashboard in the browser', () => {
  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('shows no admin data without a login, and every admin call answers 401', async () => {
    const { context, page } = await env.newPage();
    for (const path of ['/admin', '/admin-login', '/admin-dashboard']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    }
    await page.getByLabel('Admin password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid password').waitFor();
    await env.screenshot(page, 'admin-login-invalid');
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    await context.close();

    for (const fn of ADMIN_FUNCTIONS) {
      const anonymous = await api(fn.name, { method: fn.method, body: fn.method === 'GET' ? undefined : {} });
      expect(anonymous.status, `${fn.name} without a session`).toBe(401);
      const forged = await api(fn.name, {
        method: fn.method,
        body: fn.method === 'GET' ? undefined : {},
        token: 'not-a-session',
      });
      expect(forged.status, `${fn.name} with a made-up token`).toBe(401);
    }
  });

  it('fits a 375 px screen', async () => {
    const { context, page } = await env.newPage({ mobile: true });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await logIn(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await openTab(page, 'Leads');
    await page.getByText(/^Showing|^No results/).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await env.screenshot(page, 'admin-mobile-leads');
    for (const tab of ['Contractors', 'Lead Pricing', 'Audit Log']) {
      await openTab(page, tab);
      await page.getByRole('tabpanel').waitFor();
      expect(await hasHorizontalScroll(page), tab).toBe(false);
    }
    await env.screenshot(page, 'admin-mobile-audit');
    await context.close();
  });

  it('runs the operator flow: test lead, pricing, refund, CSV export', async () => {
    const stamp = Date.now().toString(36);
    // A fresh valid US number each run: screening rejects the same phone and service within 30 days,
    // and the embedded database may outlive one run.
    const leadPhone = `201${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const businessName = `E2E Cooling ${stamp}`;
    const signup = await api('contractors-signup', {
      body: {
        contact_name: 'Eve Tester',
        business_name: businessName,
        email: `eve-${stamp}@example.test`,
        phone: '5551234567',
        industry: 'home_services',
        sub_service: 'hvac',
        username: `eve_${stamp}`,
        password: 'secret-pass-1',
        confirm_password: 'secret-pass-1',
        zip_codes: '12345',
        sms_opt_in: false,
      },
    });
    expect([200, 201]).toContain(signup.status);
    const contractor = { id: signup.body.contractor_id as string, token: signup.body.session_token as string };

    const { context, page } = await env.newPage();
    await logIn(page);
    await page.getByText(/Last updated:/).waitFor();
    await env.screenshot(page, 'admin-tab-statistics');

    // Admin Utilities: a test lead through the real pipeline.
    const customer = `Tess ${uniqueSurname()}`;
    await openTab(page, 'Admin Utilities');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.getByText('Please fill in all required fields').waitFor();
    await page.getByLabel('Customer Name *').fill(customer);
    await page.getByLabel('Phone *').fill(leadPhone);
    await page.getByLabel('Email').fill(`tess-${stamp}@example.com`);
    await page.getByLabel('Service Category *').selectOption('home_services');
    await page.getByLabel('Sub Service').selectOption('hvac');
    await page.getByLabel('ZIP Code *').fill('12345');
    await page.getByLabel('Description').fill('The air conditioner blows warm air since Monday');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.getByText('Test lead created successfully!').waitFor();
    await page.getByText(/Accepted by screening/).waitFor();
    await env.screenshot(page, 'admin-tab-utilities');

    // Leads: the new lead is listed and marked as a test lead.
    await openTab(page, 'Leads');
    await page.getByLabel('Search leads').fill(customer);
    const leadRow = page.locator('tr', { hasText: customer });
    await leadRow.waitFor();
    await leadRow.getByText('Test lead').waitFor();
    await env.screenshot(page, 'admin-tab-leads');

    // Lead Pricing: change a price and see it in the history.
    await openTab(page, 'Lead Pricing');
    const priceInput = page.getByLabel('HVAC Premium price', { exact: true });
    await priceInput.fill('55.25');
    await page.getByRole('button', { name: 'Save HVAC Premium price' }).click();
    await page.getByText('Updated HVAC premium pricing to $55.25').waitFor();
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Pricing Changes' }) });
    await history.locator('tr', { hasText: '$55.25' }).first().waitFor();
    expect(await history.locator('tr', { hasText: 'HVAC' }).count()).toBeGreaterThan(0);
    await env.screenshot(page, 'admin-tab-pricing');

    // The contractor buys the test lead and asks for a refund (their own API calls).
    const adminToken = (await page.evaluate(() =>
      (globalThis as any).sessionStorage.getItem('admin_session_token'),
    )) as string;
    const leadId = await until('the test lead in admin-leads', async () => {
      const res = await api(`admin-leads?search=${encodeURIComponent(customer)}`, { token: adminToken });
      return res.body?.leads?.[0]?.id as string | undefined;
    });
    let lastPurchase: unknown;
    await until('the contractor to buy the test lead', async () => {
      const res = await api('purchase-lead', {
        body: { lead_id: leadId, contractor_id: contractor.id },
        token: contractor.token,
      });
      lastPurchase = res;
      return res.status === 200 || res.status === 201 ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; last purchase-lead answer ${JSON.stringify(lastPurchase)}`);
    });
    const refund = await api('request-refund', {
      body: { lead_id: leadId, reason: 'Customer number disconnected' },
      token: contractor.token,
    });
    expect([200, 201]).toContain(refund.status);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    const before = await shownBalance(page, businessName);

    // Refund Queue: approve the pending request; the contractor's balance goes back up.
    await openTab(page, 'Refund Queue');
    const card = page.locator('li', { hasText: businessName });
    await card.getByText('pending').waitFor();
    const refundAmount = Number((await card.locator('.admin-refund__amount').innerText()).replace(/[$,]/g, ''));
    expect(refundAmount).toBeGreaterThan(0);
    await card.getByLabel('Admin notes').fill('Verified: number disconnected');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Refund request approved successfully').waitFor();
    await card.getByText('approved').waitFor();
    await card.getByText('Verified: number disconnected').waitFor();
    expect(await page.getByRole('heading', { name: 'Refund Queue' }).count()).toBe(1);
    await env.screenshot(page, 'admin-tab-refunds');
    await until('the refunded balance', async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const after = await shownBalance(page, businessName);
      return Math.abs(after - (before + refundAmount)) < 0.005 ? after : undefined;
    });

    // Contractors: export every matching contractor from the server, one line each plus the header.
    await openTab(page, 'Contractors');
    await page.getByLabel('Search contractors').fill('');
    const rowCount = await page.locator('tbody tr', { has: page.locator('input[type=checkbox]') }).count();
    expect(rowCount).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Export all matching/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contractors-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText(`${download.suggestedFilename()} exported successfully!`).waitFor();
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n').filter((line) => line.length > 0);
    expect(lines[0]).toContain('business_name');
    expect(lines[0]).toContain('wallet_balance');
    expect(lines).toHaveLength(rowCount + 1);
    expect(csv).toContain(businessName);
    await env.screenshot(page, 'admin-tab-contractors');

    await openTab(page, 'Transaction Logs');
    await page.getByText('Total Revenue').first().waitFor();
    await env.screenshot(page, 'admin-tab-transactions');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    // The old token is dead on the server too.
    expect((await api('admin-stats', { token: adminToken })).status).toBe(401);
    await context.close();
  });
});
