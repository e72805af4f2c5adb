import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasHorizontalScroll, startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction } from '../src/helpers.js';

// Receipts as a contractor walks them: sign up, buy a lead from Available, open "Exclusive — verify"
// on the purchased card and read that the receipt is valid and the lead exclusive; hand the
// receipt to someone else (the public check page, the public verify call) and see a changed copy
// refused; set a daily
// spend cap in Settings and see the spend counted against it.

let env: E2eEnv;
let page: Page;
const unique = Date.now().toString(36);
const zip = `9${String((Date.now() + 4321) % 10_000).padStart(4, '0')}`;

/** Tab by its label, whatever count it carries. */
const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

describe('proof of exclusivity in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
    ({ page } = await env.newPage());
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('buys a lead, opens Exclusive — verify and reads a valid, exclusive receipt; a daily cap counts the spend', async () => {
    await page.goto('/signup');
    await page.getByLabel(/^Your Name/).fill('Rita Reyes');
    await page.getByLabel(/^Business Name/).fill(`Reyes Heating ${unique}`);
    await page.getByLabel(/^Email/).fill(`rita.${unique}@reyes-e2e.com`);
    await page.getByLabel(/^Phone/).fill(`(720) 555-${String(1000 + (Date.now() % 8999))}`);
    await page.getByLabel(/^Industry/).selectOption('home_services');
    await page.getByRole('combobox', { name: /^Sub-Service/ }).selectOption('hvac');
    await page.getByLabel(/^Service ZIP Codes/).fill(zip);
    await page.getByLabel(/^Username/).fill(`rita_${unique}`);
    await page.getByLabel(/^Password/).fill('s3cret-pass');
    await page.getByLabel(/^Confirm Password/).fill('s3cret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signup'), { timeout: 20_000 });

    // A customer asks for HVAC work in the contractor's ZIP code.
    const asked = await callFunction(env.baseUrl, 'leads-submit', {
      body: {
        customer_name: 'Sam Sample',
        phone: `(415) 867-${String(1000 + (Date.now() % 8999))}`,
        email: `sam.${unique}@gmail.com`,
        zip_code: zip,
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'The heat pump blows cold air and the thermostat shows an error code.',
        urgency: 'Standard',
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Rita Reyes' }).waitFor({ timeout: 20_000 });
    await tab(page, 'Available').click();
    await page.getByRole('tab', { name: 'Available (1)' }).waitFor({ timeout: 40_000 });
    await page.locator('.dash-lead').first().getByRole('button', { name: 'Purchase Lead' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Purchase' })
      .getByRole('button', { name: /^Purchase for/ })
      .click();
    await page.getByText('Lead purchased! Check your dashboard for details.').waitFor({ timeout: 15_000 });

    // The purchased card: "Exclusive — verify" opens the receipt, checked as anyone would check it.
    await tab(page, 'Purchased').click();
    const card = page.locator('.dash-lead', { hasText: 'Sam Sample' });
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: /Exclusive — verify/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Proof of exclusivity' });
    const verdict = dialog.getByTestId('receipt-verdict');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.innerText()).toContain('Exclusive — verified');
    expect(await verdict.innerText()).toContain('sold once, to this buyer only: no other purchase of it exists');
    const facts = await dialog.locator('dl').innerText();
    expect(facts).toContain('$20.00');
    expect(facts).toMatch(/to 1 contractor\b/);
    const code = await dialog.getByTestId('receipt-code').innerText();
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    await env.screenshot(page, 'receipt-dialog');

    // Handed to someone else: the lead id and code verify; a changed code does not.
    const lead = asked.body.lead_id as string;
    const byCode = await callFunction(env.baseUrl, 'verify-lead-receipt', { body: { lead_id: lead, code } });
    expect(byCode.body).toMatchObject({ valid: true, status: 'valid' });
    const changed = code.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const forged = await callFunction(env.baseUrl, 'verify-lead-receipt', { body: { lead_id: lead, code: changed } });
    expect(forged.body).toMatchObject({ valid: false, status: 'invalid' });

    // Someone else (no session, own browser) opens the public check the receipt links to.
    const href = await dialog.getByRole('link', { name: 'open the public check' }).getAttribute('href');
    expect(href).toContain(`/verify-receipt?lead=${lead}&code=${code}`);
    const stranger = await env.newPage();
    await stranger.page.goto(new URL(href!).pathname + new URL(href!).search);
    const publicVerdict = stranger.page.getByTestId('receipt-verdict');
    await publicVerdict.waitFor({ timeout: 15_000 });
    expect(await publicVerdict.innerText()).toContain('Valid receipt — exclusive lead');
    await env.screenshot(stranger.page, 'receipt-public-check');
    await stranger.context.close();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Settings: a daily cap of $20 is saved and the $20 just spent counts against it.
    await tab(page, 'Settings').click();
    const caps = page.locator('form', { has: page.getByRole('heading', { name: 'Spend caps' }) });
    await caps.getByLabel(/Daily spend cap/).fill('abc');
    await caps.getByRole('button', { name: 'Save spend caps' }).click();
    await caps
      .getByText('Enter a daily cap in dollars between $1.00 and $100,000.00, or leave it empty for no cap.')
      .waitFor({ timeout: 15_000 });
    await caps.getByLabel(/Daily spend cap/).fill('20');
    await caps.getByRole('button', { name: 'Save spend caps' }).click();
    await page.getByText('Spend caps saved').first().waitFor({ timeout: 15_000 });
    await caps.getByText(/Spent today: \$20\.00 of \$20\.00/).waitFor({ timeout: 15_000 });

    // On a 375 px phone: the receipt and the caps fit without sideways scrolling.
    const session = await page.evaluate(() => ({
      token: (globalThis as any).localStorage.getItem('contractor_session_token') as string,
      id: (globalThis as any).localStorage.getItem('contractor_id') as string,
    }));
    const phone = await env.newPage({ mobile: true });
    await phone.context.addInitScript(
      ([token, id]) => {
        (globalThis as any).localStorage.setItem('contractor_session_token', token);
        (globalThis as any).localStorage.setItem('contractor_id', id);
      },
      [session.token, session.id] as const,
    );
    await phone.page.goto('/dashboard');
    await phone.page.getByRole('heading', { name: 'Welcome back, Rita Reyes' }).waitFor({ timeout: 20_000 });
    await tab(phone.page, 'Purchased').click();
    await phone.page.getByRole('button', { name: /Exclusive — verify/ }).click();
    await phone.page.getByTestId('receipt-verdict').waitFor({ timeout: 15_000 });
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await env.screenshot(phone.page, 'receipt-dialog-mobile');
    await phone.page.keyboard.press('Escape');
    await tab(phone.page, 'Settings').click();
    await phone.page.getByRole('heading', { name: 'Spend caps' }).waitFor();
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await phone.context.close();
  }, 240_000);
});
