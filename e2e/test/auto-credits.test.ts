import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, signInContext, signUpByApi } from '../src/helpers.js';

// Automatic credits in Chromium against the embedded marketplace: a contractor buys a lead on the
// dashboard; the customer's "sold" text fails for good because the number is a landline (the
// development SMS sink refuses it as Twilio does, code 21614); the wallet gets the price back
// automatically, and the Wallet tab lists the credit with its reason and evidence, and the
// statement line. Nothing is inserted by hand: the credit comes through the real pipeline.

const ZIP = '94110';
const LANDLINE = '(415) 555-0166';

let env: E2eEnv;
let page: Page;

const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

describe('automatic credits in the browser', () => {
  beforeAll(async () => {
    env = await startE2e({ env: { DEV_SMS_UNREACHABLE_NUMBERS: LANDLINE } });
    ({ page } = await env.newPage());
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('refunds a lead whose customer cannot be texted and lists the credit with its reason on the Wallet tab', async () => {
    const unique = Date.now().toString(36);
    const session = await signUpByApi(env.baseUrl, {
      name: 'Kim Lee',
      business: `Lee Heating ${unique}`,
      email: `kim.${unique}@leeheating-e2e.com`,
      phone: '(415) 555-0144',
      zip: ZIP,
      user: `kim_${unique}`,
      sms: false,
    });
    await signInContext(page, session);

    const submitted = await callFunction(env.baseUrl, 'leads-submit', {
      body: {
        customer_name: 'Pat Landline',
        phone: LANDLINE,
        email: 'pat.landline@gmail.com',
        zip_code: ZIP,
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'Furnace will not light; the pilot goes out after a few seconds. Need someone this week.',
        urgency: 'Standard',
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const leadId = submitted.body.lead_id as string;

    // The contractor buys it from the dashboard, as a person does.
    await page.goto(`/contractor/${session.contractorId}`);
    await page.getByRole('heading', { name: 'Welcome back, Kim Lee' }).waitFor({ timeout: 15_000 });
    await tab(page, 'Available').click();
    await page.getByRole('tab', { name: 'Available (1)' }).waitFor({ timeout: 40_000 });
    await page
      .locator('.dash-lead', { hasText: 'Home Services — HVAC' })
      .first()
      .getByRole('button', { name: 'Purchase Lead' })
      .click();
    await page
      .getByRole('dialog', { name: 'Confirm Purchase' })
      .getByRole('button', { name: /^Purchase for/ })
      .click();
    await page.getByText('Lead purchased! Check your dashboard for details.').waitFor({ timeout: 15_000 });

    // The customer's text fails for good; the credit follows without anyone asking.
    await expect
      .poll(
        async () =>
          (await callFunction(env.baseUrl, 'get-auto-credits', { token: session.token })).body?.credits?.length ?? 0,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);

    await tab(page, 'Wallet').click();
    const section = page.getByRole('region', { name: 'Automatic credits' });
    const credit = section.getByTestId('auto-credit');
    await credit.waitFor({ timeout: 15_000 });
    const text = await credit.innerText();
    expect(text).toContain("The customer's phone number cannot receive calls or texts");
    expect(text).toContain(`Lead ${leadId.slice(0, 8)}`);
    expect(text).toContain('21614');
    // The evidence names the failure, never the customer's number.
    expect(text.replace(/\D/g, '')).not.toContain('5550166');
    expect(text).toMatch(/\+\$\d+\.\d\d/);
    // The rules are spelled out above the credits.
    expect(await section.innerText()).toContain('same customer phone');
    // The statement shows the credit line.
    const statementRow = page.getByTestId('statement-row').first();
    await statementRow.waitFor();
    expect(await statementRow.innerText()).toContain('Automatic credit');
    await env.screenshot(page, 'wallet-automatic-credits');
  }, 180_000);
});
