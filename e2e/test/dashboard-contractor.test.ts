import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasHorizontalScroll, startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction } from '../src/helpers.js';

// The contractor dashboard in Chromium against the embedded marketplace: signup, funding through the
// development checkout, buying, completing, history, Edit Profile validation and the 375 px layout.

const TABS = [
  'Dashboard',
  'Available',
  'Claimed',
  'Purchased',
  'Completed',
  'Archived',
  'History',
  'Wallet',
  'Reports',
  'Settings',
];
const ZIP = '94107';
const CUSTOMER = { name: 'Erin Example', phone: '(415) 867-5309', email: 'erin.example@gmail.com' };

let env: E2eEnv;
let context: BrowserContext;
let page: Page;
let session: { token: string; contractorId: string };
let leadId: string;

const api = (name: string, body?: unknown) => callFunction(env.baseUrl, name, { body });

/** Tab by its label, whatever count it carries. */
const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

/**
 * The services build checkout and return links on PUBLIC_BASE_URL (http://localhost:8080 unless set),
 * while the harness listens on a free port; send those navigations to the harness's origin.
 */
async function followPublicBaseUrl(ctx: BrowserContext) {
  const publicBase = process.env.PUBLIC_BASE_URL ?? 'http://localhost:8080';
  if (publicBase.replace(/\/$/, '') === env.baseUrl.replace(/\/$/, '')) return;
  await ctx.route(`${publicBase.replace(/\/$/, '')}/**`, (route) =>
    route.fulfill({
      status: 302,
      headers: {
        location: route.request().url().replace(publicBase.replace(/\/$/, ''), env.baseUrl.replace(/\/$/, '')),
      },
    }),
  );
}

/** Elements reaching past the right edge: named in a failure so the cause is plain. */
async function overflowing(p: Page): Promise<string> {
  return p.evaluate(() => {
    const doc = (globalThis as any).document;
    const width = doc.documentElement.clientWidth;
    return (
      [...doc.querySelectorAll('body *')]
        // Content clipped by a scrolling box (tab strip, tables) does not widen the page.
        .filter(
          (el: any) =>
            el.getBoundingClientRect().right > width + 1 &&
            !el.parentElement?.closest('[role=tablist], .dash-table-wrap'),
        )
        .slice(0, 8)
        .map(
          (el: any) =>
            `${el.tagName.toLowerCase()}.${String(el.className)} (${Math.round(el.getBoundingClientRect().right)}px)`,
        )
        .join(', ') + ` (page ${doc.documentElement.scrollWidth}px)`
    );
  });
}

async function shootEveryTab(p: Page, prefix: string) {
  for (const label of TABS) {
    await tab(p, label).click();
    await p.getByRole('tabpanel').waitFor();
    await p.waitForTimeout(150);
    await env.screenshot(p, `${prefix}-${label.toLowerCase()}`);
  }
}

describe('contractor dashboard in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
    ({ context, page } = await env.newPage());
    await followPublicBaseUrl(context);
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('signs up, funds through the development checkout, buys a lead, completes it and finds it in history', async () => {
    const unique = Date.now().toString(36);
    await page.goto('/signup');
    await page.getByLabel(/^Your Name/).fill('Dana Diaz');
    await page.getByLabel(/^Business Name/).fill(`Cool Air ${unique}`);
    await page.getByLabel(/^Email/).fill(`dana.${unique}@coolair-e2e.com`);
    await page.getByLabel(/^Phone/).fill('(415) 555-0134');
    await page.getByLabel(/^Industry/).selectOption('home_services');
    await page.getByRole('combobox', { name: /^Sub-Service/ }).selectOption('hvac');
    await page.getByLabel(/^Service ZIP Codes/).fill(ZIP);
    await page.getByLabel(/^Username/).fill(`dana_${unique}`);
    await page.getByLabel(/^Password/).fill('s3cret-pass');
    await page.getByLabel(/^Confirm Password/).fill('s3cret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signup'), { timeout: 15_000 });
    session = await page.evaluate(() => ({
      token: (globalThis as any).localStorage.getItem('contractor_session_token'),
      contractorId: (globalThis as any).localStorage.getItem('contractor_id'),
    }));
    expect(session.token).toBeTruthy();

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Dana Diaz' }).waitFor({ timeout: 15_000 });

    // A customer asks for HVAC work in the contractor's ZIP code.
    const submitted = await api('leads-submit', {
      customer_name: CUSTOMER.name,
      phone: CUSTOMER.phone,
      email: CUSTOMER.email,
      zip_code: ZIP,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'Air conditioner stopped cooling this morning; the outdoor unit hums but the fan does not spin.',
      urgency: 'Standard',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    leadId = submitted.body.lead_id;

    // Fund the wallet through the development checkout.
    await tab(page, 'Wallet').click();
    await page.getByLabel('Amount (USD)').fill('150');
    await page.getByRole('button', { name: 'Add Funds' }).click();
    await page.waitForURL(/\/dev\/checkout\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.waitForURL((url) => url.pathname === `/contractor/${session.contractorId}`, { timeout: 15_000 });
    await page.getByText('Wallet funded successfully!').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('payment')).toBeNull();
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('');
    await page.getByText('$175.00').first().waitFor({ timeout: 15_000 });

    // The lead appears under Available without a manual reload (interval / focus revalidation).
    await tab(page, 'Available').click();
    await page.getByRole('tab', { name: 'Available (1)' }).waitFor({ timeout: 40_000 });
    const card = page.locator('.dash-lead', { hasText: 'Home Services — HVAC' }).first();
    // The tab's count comes first; its cards load when it opens ("Loading leads..."), so wait for the card.
    await card.getByText('Customer: New Lead', { exact: false }).waitFor({ timeout: 15_000 });
    await expect(card.getByText('Customer: New Lead', { exact: false }).count()).resolves.toBe(1);
    expect(await page.getByText(CUSTOMER.name).count()).toBe(0);
    await card.getByRole('button', { name: 'Purchase Lead' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Purchase' })
      .getByRole('button', { name: /^Purchase for/ })
      .click();
    await page.getByText('Lead purchased! Check your dashboard for details.').waitFor({ timeout: 15_000 });

    // Its contact shows under Purchased.
    await tab(page, 'Purchased').click();
    const bought = page.locator('.dash-lead', { hasText: CUSTOMER.name });
    await bought.waitFor({ timeout: 15_000 });
    expect(await bought.innerText()).toMatch(/867.?5309/);
    expect(await bought.innerText()).toContain(CUSTOMER.email);
    await bought.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByText('Lead marked as completed!').waitFor({ timeout: 15_000 });
    await tab(page, 'Completed').click();
    await page.locator('.dash-lead', { hasText: CUSTOMER.name }).waitFor({ timeout: 15_000 });

    // And in History, by the first 8 characters of its id.
    await tab(page, 'History').click();
    const row = page.locator('tr', { hasText: leadId.slice(0, 8) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Completed');

    await shootEveryTab(page, 'dashboard-desktop');
  }, 180_000);

  it('Edit Profile with a bad phone says Please enter a valid phone number and keeps the dialog open', async () => {
    await tab(page, 'Settings').click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Phone *').fill('12-34');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect(await dialog.getByRole('alert').innerText()).toBe('Please enter a valid phone number');
    await env.screenshot(page, 'dashboard-edit-profile-error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  }, 60_000);

  it('has no horizontal scroll at 375 px on any tab', async () => {
    const mobile = await env.newPage({ mobile: true });
    await mobile.context.addInitScript(({ token, contractorId }) => {
      (globalThis as any).localStorage.setItem('contractor_session_token', token);
      (globalThis as any).localStorage.setItem('contractor_id', contractorId);
    }, session);
    await mobile.page.goto(`/contractor/${session.contractorId}`);
    await mobile.page.getByRole('heading', { name: 'Welcome back, Dana Diaz' }).waitFor({ timeout: 15_000 });
    for (const label of TABS) {
      await tab(mobile.page, label).click();
      await mobile.page.waitForTimeout(150);
      expect(
        await hasHorizontalScroll(mobile.page),
        `${label} tab scrolls sideways: ${await overflowing(mobile.page)}`,
      ).toBe(false);
    }
    await shootEveryTab(mobile.page, 'dashboard-mobile');
    await mobile.context.close();
  }, 90_000);
});
