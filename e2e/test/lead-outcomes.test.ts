import { formatRoiRatio, formatPercent } from '@leadmarket/contracts/outcomes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, signInContext, signUpByApi, uniqueSurname, type ContractorSession } from '../src/helpers.js';

// What came of three bought leads, recorded on the dashboard (docs/adr/0047-lead-outcomes.md): two
// won ($800 and $1,200) and one lost. Reports show the close rate and ROI from them, and the
// admin's category view shows the same close rate for HVAC.

// The development admin (no ADMIN_EMAIL / ADMIN_PASSWORD outside production).
const DEV_ADMIN_PASSWORD = 'leadmarket-dev-admin';
const ZIP = '94118';

let env: E2eEnv;
let session: ContractorSession;

const api = (name: string, init: Parameters<typeof callFunction>[2] = {}) => callFunction(env.baseUrl, name, init);

/** Ask again until `fn` gives a value (a purchase waits for the lead to be priced and listed). */
async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
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

/** A customer asks for HVAC work in the contractor's ZIP code; the contractor buys it (set-up, by API). */
async function boughtLead(name: string, phone: string): Promise<number> {
  const submitted = await api('leads-submit', {
    body: {
      customer_name: name,
      phone,
      email: null,
      zip_code: ZIP,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'The furnace blows cold air and the pilot light keeps going out since yesterday evening.',
      urgency: 'Standard',
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const leadId = submitted.body.lead_id as string;
  await until(`the purchase of ${name}'s lead`, async () => {
    const res = await api('purchase-lead', { body: { lead_id: leadId }, token: session.token });
    return res.status === 200 ? res : undefined;
  });
  const bought = await until(`${name}'s lead under Purchased`, async () => {
    const res = await api('get-purchased-leads', { token: session.token });
    return res.body?.purchased_leads?.find((r: { lead_id: string }) => r.lead_id === leadId);
  });
  return Number(bought.price_paid);
}

/** Record an outcome on the card of `customer` and wait for the toast that says it was kept. */
async function recordOutcome(
  page: Page,
  customer: string,
  fill: (form: ReturnType<Page['locator']>) => Promise<void>,
  toast: string,
) {
  const card = page.getByTestId('lead-card').filter({ hasText: customer });
  await card.getByRole('button', { name: 'Record outcome' }).click();
  const form = card.getByRole('form', { name: 'Record the outcome' });
  await fill(form);
  await form.getByRole('button', { name: 'Save Outcome' }).click();
  await page.getByText(toast).waitFor({ timeout: 15_000 });
}

describe('lead outcomes in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('marks three leads won ($800, $1,200) and lost; Reports and the admin show the same close rate', async () => {
    const surname = uniqueSurname();
    session = await signUpByApi(env.baseUrl, {
      name: 'Olive Outcome',
      business: `Warm Homes ${surname}`,
      email: `olive.${surname.toLowerCase()}@warmhomes-e2e.com`,
      phone: '(415) 555-0177',
      zip: ZIP,
      user: `olive_${surname.toLowerCase()}`,
      sms: false,
    });
    const login = await api('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const adjusted = await api('admin-wallet-adjust', {
      body: { contractor_id: session.contractorId, amount: 300, notes: 'Funds for the outcomes journey' },
      token: login.body.session_token,
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);

    const customers = [`Avery ${uniqueSurname()}`, `Blake ${uniqueSurname()}`, `Casey ${uniqueSurname()}`];
    const phones = ['(415) 867-5301', '(415) 867-5302', '(415) 867-5303'];
    let spend = 0;
    for (const [i, name] of customers.entries()) spend += await boughtLead(name, phones[i]!);

    const { page } = await env.newPage();
    await signInContext(page, session);
    await page.goto(`/contractor/${session.contractorId}`);
    await page.getByRole('heading', { name: 'Welcome back, Olive Outcome' }).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: /^Purchased/ }).click();
    await page.getByTestId('lead-card').filter({ hasText: customers[2]! }).waitFor({ timeout: 15_000 });

    await recordOutcome(
      page,
      customers[0]!,
      async (form) => {
        await form.getByLabel('Outcome').selectOption({ label: 'Won' });
        await form.getByLabel('Job value ($) *').fill('$800');
      },
      'Marked as won: $800.00.',
    );
    await recordOutcome(
      page,
      customers[1]!,
      async (form) => {
        await form.getByLabel('Outcome').selectOption({ label: 'Won' });
        await form.getByLabel('Job value ($) *').fill('$1,200');
      },
      'Marked as won: $1,200.00.',
    );
    await recordOutcome(
      page,
      customers[2]!,
      async (form) => {
        await form.getByLabel('Outcome').selectOption({ label: 'Lost' });
        await form.getByLabel('Reason *').selectOption({ label: 'Price too high' });
      },
      'Marked as lost (Price too high).',
    );
    const card = (name: string) => page.getByTestId('lead-card').filter({ hasText: name }).getByTestId('lead-outcome');
    expect(await card(customers[0]!).innerText()).toBe('Won · $800.00');
    expect(await card(customers[1]!).innerText()).toBe('Won · $1,200.00');
    expect(await card(customers[2]!).innerText()).toBe('Lost · Price too high');

    // The figures follow LeadOutcomeRecorded at wallet-ledger: wait for the three verdicts there.
    await until('wallet-ledger to count the three outcomes', async () => {
      const res = await api('get-outcome-reports', { token: session.token });
      return res.body?.totals?.won === 2 && res.body.totals.lost === 1 ? res.body : undefined;
    });
    const closeRate = formatPercent(66.67);
    expect(closeRate).toBe('66.7%');
    const roi = formatRoiRatio(Math.round((2000 / spend) * 100) / 100);
    const netReturn = formatPercent(Math.round(((2000 - spend) / spend) * 10_000) / 100);

    await page.getByRole('tab', { name: /^Reports/ }).click();
    const reports = page.getByTestId('outcome-reports');
    await reports.getByTestId('outcome-close-rate').filter({ hasText: closeRate }).waitFor({ timeout: 15_000 });
    expect(await reports.getByTestId('outcome-roi').innerText()).toBe(roi);
    expect(await reports.getByTestId('outcome-net-roi').innerText()).toBe(netReturn);
    expect(await reports.getByTestId('outcome-won-value').innerText()).toBe('$2,000.00');
    const hvacRow = reports.getByRole('region', { name: 'By category' }).locator('tr', { hasText: 'HVAC' });
    expect(await hvacRow.innerText()).toContain(closeRate);
    const zipRow = reports.getByRole('region', { name: 'By ZIP code' }).locator('tr', { hasText: ZIP });
    expect(await zipRow.innerText()).toContain(closeRate);
    // The ROI calculator starts from the real figures: the average won job and the close rate.
    await expect.poll(() => page.getByLabel('Average job value ($)').inputValue()).toBe('1000');
    expect(await page.getByLabel('Close rate (%)').inputValue()).toBe('66.7');
    await env.screenshot(page, 'lead-outcomes-reports');

    // The operator's category view: the same close rate for HVAC.
    const admin = await env.newPage();
    await admin.page.goto('/admin');
    await admin.page.getByLabel('Admin password').fill(DEV_ADMIN_PASSWORD);
    await admin.page.getByLabel('Admin password').press('Enter');
    await admin.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await admin.page.getByRole('tab', { name: 'Lead Pricing', exact: true }).click();
    const hvac = admin.page.getByTestId('category-outcomes').locator('tr', { hasText: 'HVAC' });
    await hvac.waitFor({ timeout: 15_000 });
    expect(await hvac.innerText()).toContain(closeRate);
    await env.screenshot(admin.page, 'lead-outcomes-admin');
  }, 180_000);
});
