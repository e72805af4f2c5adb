import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, uniqueSurname } from '../src/helpers.js';

// The operator's journey: an admin sets the HVAC Standard and Auto Standard prices;
// customers ask for HVAC work on /hvac and car repair on /auto; the matched contractor's SMS in the
// development outbox and their lead card show the new price, and buying charges exactly that; a
// negative price is refused beside the field; the Audit Log shows both changes.

const ADMIN_EMAIL = 'e2e-operator@leadmarket.test';
const ADMIN_PASSWORD = 'e2e-operator-password-1';

let env: E2eEnv;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const unique = Date.now().toString(36);
/**
 * A valid US number that no other run used (screening refuses a repeated phone and service):
 * exchange 2xx-9xx but never N11 (211, 411, 911 … are not assignable numbers).
 */
const uniquePhone = () => {
  let exchange: number;
  do exchange = 200 + Math.floor(Math.random() * 800);
  while (exchange % 100 === 11);
  return `(415) ${exchange}-${1000 + Math.floor(Math.random() * 8999)}`;
};
const uniqueZip = () => String(10000 + Math.floor(Math.random() * 89999));

interface Trade {
  page: '/hvac' | '/auto';
  industry: string;
  subService: string;
  /** The row and cell of the price matrix that prices these leads. */
  row: string;
  price: string;
  shown: string;
  zip: string;
  contractor: { name: string; username: string; phone: string };
  description: string;
}

const TRADES: Trade[] = [
  {
    page: '/hvac',
    industry: 'home_services',
    subService: 'hvac',
    row: 'HVAC',
    price: '31',
    shown: '$31.00',
    zip: uniqueZip(),
    contractor: { name: `Op Cooling ${unique}`, username: `opcool_${unique}`, phone: uniquePhone() },
    description: 'The air conditioner blows warm air since Sunday and the outdoor fan does not spin.',
  },
  {
    page: '/auto',
    industry: 'auto',
    subService: 'auto_repair',
    row: 'Auto',
    price: '27.50',
    shown: '$27.50',
    zip: uniqueZip(),
    contractor: { name: `Op Garage ${unique}`, username: `opgarage_${unique}`, phone: uniquePhone() },
    description: 'The car makes a grinding noise when braking and the brake light stays on.',
  },
];

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** The wallet balance the Contractors tab shows for one business, in dollars. */
async function shownBalance(page: Page, businessName: string): Promise<number> {
  await openTab(page, 'Contractors');
  await page.getByLabel('Search contractors').fill(businessName);
  const row = page.locator('tr', { hasText: businessName });
  await row.waitFor();
  return Number((await row.locator('td').nth(4).innerText()).replace(/[$,]/g, ''));
}

describe('operator journey in the browser', () => {
  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    env = await startE2e();
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('prices real HVAC and Auto leads from the matrix, refuses a negative price, and audits both changes', async () => {
    // Two contractors, one per trade, each in their own ZIP code, with SMS alerts on.
    for (const t of TRADES) {
      const signup = await callFunction(env.baseUrl, 'contractors-signup', {
        body: {
          contact_name: 'Olive Operator',
          business_name: t.contractor.name,
          email: `${t.contractor.username}@example.com`,
          phone: t.contractor.phone,
          industry: t.industry,
          sub_service: t.subService,
          username: t.contractor.username,
          password: 'journey-pass-1',
          confirm_password: 'journey-pass-1',
          zip_codes: t.zip,
          sms_opt_in: true,
        },
      });
      expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
    }

    const { context: adminContext, page: admin } = await env.newPage();
    await admin.goto('/admin');
    await admin.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await admin.getByLabel('Admin password').press('Enter');
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // Each contractor gets $50 from the operator on their contractor page first: the $25 signup
    // credit is below these prices, and matching offers a lead only to a contractor who can pay for it.
    for (const t of TRADES) {
      await openTab(admin, 'Contractors');
      await admin.getByLabel('Search contractors').fill(t.contractor.name);
      await admin.getByRole('button', { name: `Open ${t.contractor.name}` }).click();
      await admin.getByRole('heading', { name: 'SMS consent record' }).waitFor();
      await admin.getByText('Agreed to SMS').waitFor();
      await admin.getByLabel('Amount ($, negative to deduct)').fill('50');
      await admin.getByLabel('Notes').fill('Welcome credit for the journey');
      await admin.getByRole('button', { name: 'Adjust Balance' }).click();
      await admin.getByText('Wallet balance adjusted successfully!').waitFor();
      await env.screenshot(admin, `operator-contractor-page-${t.row.toLowerCase()}`);
      await admin.getByRole('button', { name: '← Back to contractors' }).click();
    }

    // Lead Pricing: the matrix lists the catalogue; HVAC is a Home Services trade row, Auto an industry row.
    await openTab(admin, 'Lead Pricing');
    for (const t of TRADES) {
      await admin.getByLabel(`${t.row} Standard price`, { exact: true }).fill(t.price);
      await admin.getByRole('button', { name: `Save ${t.row} Standard price` }).click();
      await admin.getByText(`Updated ${t.row} standard pricing to ${t.shown}`).waitFor();
    }
    // An empty cell says which price its leads pay: HVAC Premium falls back to the default.
    expect(await admin.locator('#price-home_services-hvac-premium-note').innerText()).toBe('$20.00 from default');
    // A negative price is refused beside the cell, and nothing is saved.
    const roofing = admin.getByLabel('Roofing Standard price', { exact: true });
    await roofing.fill('-5');
    await admin.getByRole('button', { name: 'Save Roofing Standard price' }).click();
    await admin.getByText('A price cannot be negative').waitFor();
    expect(await roofing.getAttribute('aria-invalid')).toBe('true');
    await admin.getByText('Which price applies?').waitFor();
    await env.screenshot(admin, 'operator-pricing');
    const history = admin.locator('section', { has: admin.getByRole('heading', { name: 'Recent Pricing Changes' }) });
    await history.locator('tr', { hasText: '$31.00' }).first().waitFor();
    expect(await history.locator('tr', { hasText: 'Roofing' }).count()).toBe(0);
    expect(await history.locator('tr', { hasText: ADMIN_EMAIL }).count()).toBe(2);

    for (const t of TRADES) {
      const before = await until(`${t.contractor.name} funded`, async () => {
        await admin.getByRole('button', { name: 'Refresh' }).click();
        const balance = await shownBalance(admin, t.contractor.name);
        return balance === 75 ? balance : undefined;
      });

      // A customer asks on the public page.
      const { context: customerContext, page: customer } = await env.newPage();
      await customer.goto(t.page);
      await customer.getByLabel(/^Full Name/).fill(`Casey ${uniqueSurname()}`);
      await customer.getByLabel(/^Phone/).fill(uniquePhone());
      await customer.getByLabel(/^ZIP Code/).fill(t.zip);
      if (t.page === '/auto') await customer.getByLabel(/^Sub-Service/).selectOption(t.subService);
      await customer.getByLabel(/^Describe What You Need/).fill(t.description);
      await customer.getByRole('button', { name: 'Get Matched Now' }).click();
      await customer.getByText(/Lead submitted successfully/).waitFor({ timeout: 20_000 });
      await customerContext.close();

      // The contractor's SMS in the development outbox carries the price.
      const digits = t.contractor.phone.replace(/\D/g, '');
      const { context: outboxContext, page: outbox } = await env.newPage();
      const sms = await until(
        `the offer SMS to ${t.contractor.name}`,
        async () => {
          await outbox.goto('/dev/outbox?channel=sms');
          const rows = outbox.locator('tr', { hasText: '/claim/' });
          for (const text of await rows.allInnerTexts())
            if (text.replace(/\D/g, '').includes(digits) && text.includes(t.zip)) return text;
          return undefined;
        },
        40_000,
      );
      expect(sms).toContain(`(${t.shown})`);
      await env.screenshot(outbox, `operator-outbox-${t.row.toLowerCase()}`);
      await outboxContext.close();

      // The contractor's card shows the same price, and buying charges exactly that.
      const { context: proContext, page: pro } = await env.newPage();
      await pro.goto('/contractor-login');
      await pro.getByLabel('Username').fill(t.contractor.username);
      await pro.getByLabel('Password').fill('journey-pass-1');
      await pro.getByRole('button', { name: 'Log In' }).click();
      await pro.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 20_000 });
      await pro.getByRole('tab', { name: /^Available/ }).click();
      const card = pro.locator('.dash-lead').first();
      await card.waitFor({ timeout: 40_000 });
      expect(await card.locator('.dash-lead__cost').innerText()).toBe(t.shown);
      await card.getByRole('button', { name: 'Purchase Lead' }).click();
      const confirm = pro
        .getByRole('dialog', { name: 'Confirm Purchase' })
        .getByRole('button', { name: /^Purchase for/ });
      expect(await confirm.innerText()).toContain(t.shown);
      await confirm.click();
      await pro.getByText('Lead purchased! Check your dashboard for details.').waitFor({ timeout: 20_000 });
      await env.screenshot(pro, `operator-bought-${t.row.toLowerCase()}`);
      await proContext.close();

      const charged = await until(`the charge to ${t.contractor.name}`, async () => {
        await admin.getByRole('button', { name: 'Refresh' }).click();
        const after = await shownBalance(admin, t.contractor.name);
        return after < before ? before - after : undefined;
      });
      expect(charged.toFixed(2)).toBe(Number(t.price).toFixed(2));
    }

    // The Audit Log shows both price changes: who, what, which record, before and after.
    await openTab(admin, 'Audit Log');
    await admin.getByLabel('Action').selectOption({ label: 'Changed lead price' });
    const hvacRow = admin.locator('tr', { hasText: 'HVAC Standard price' });
    await hvacRow.waitFor();
    expect(await hvacRow.innerText()).toContain(ADMIN_EMAIL);
    expect(await hvacRow.locator('td').nth(4).innerText()).toContain('Default');
    expect(await hvacRow.locator('td').nth(5).innerText()).toContain('$31.00');
    const autoRow = admin.locator('tr', { hasText: 'Auto Standard price' });
    expect(await autoRow.locator('td').nth(5).innerText()).toContain('$27.50');
    expect(await admin.locator('tbody tr', { hasText: 'Roofing' }).count()).toBe(0);
    await env.screenshot(admin, 'operator-audit');
    await adminContext.close();
  });

  it('with 150 more leads, the Leads tab pages, its total equals Total Leads, and export all gives every row', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/admin');
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Admin password').press('Enter');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const token = (await page.evaluate(() =>
      (globalThis as any).sessionStorage.getItem('admin_session_token'),
    )) as string;
    // 150 test leads through the real pipeline (Create Test Lead's function), a few at a time.
    for (let i = 0; i < 150; i += 5)
      await Promise.all(
        Array.from({ length: 5 }, async (_, k) => {
          const res = await callFunction(env.baseUrl, 'admin-utilities', {
            token,
            body: {
              action: 'create_lead',
              customer_name: `Bulk Lead ${i + k}`,
              phone: uniquePhone(),
              service_category: 'home_services',
              sub_service: 'plumbing',
              zip_code: '60601',
              description: 'The kitchen sink drains slowly and the pipe under it drips.',
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }),
      );

    const statValue = async () =>
      Number(
        (await page.getByRole('region', { name: 'Total Leads' }).locator('.admin-stat__value').innerText()).replace(
          /,/g,
          '',
        ),
      );
    const totalLeads = await until('Total Leads to count the new leads', async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
      const n = await statValue();
      return n >= 150 ? n : undefined;
    });
    expect(totalLeads).toBeGreaterThanOrEqual(150);
    await openTab(page, 'Leads');
    const total = totalLeads.toLocaleString('en-US');
    await page.getByText(`Showing 1–25 of ${total}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 26–50 of ${total}`).waitFor();
    expect(await page.locator('tbody tr', { has: page.locator('input[type=checkbox]') }).count()).toBe(25);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Export all matching (${total})` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const rows = csv.split('\r\n').filter((line) => line.length > 0);
    expect(rows).toHaveLength(totalLeads + 1);
    expect(rows.filter((r) => r.includes('Bulk Lead '))).toHaveLength(150);
    await env.screenshot(page, 'operator-leads-paged');
    await context.close();
  }, 240_000);
});
