import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from '../src/harness.js';

// A homeowner's journey in Chromium, as a person walks it: from the home page to the request form
// by clicking, a wrong phone caught beside its field, success, a junk description refused with a
// specific reason, the corrected request accepted (not a "duplicate" of the refused one), an
// industry page that tells the truth about a rejected lead, and a real 404 for an unknown path.

const SUCCESS = 'Lead submitted successfully! Matching contractors will be notified via SMS.';
const REJECTED = 'We could not accept this request yet.';
const PHONE_DIGITS = 'Please enter a phone number with at least 10 digits, including the area code';

let env: E2eEnv;

/** A unique, valid US number (a real area code; 555-01xx is fiction and fails validation). */
const uniquePhone = () =>
  `(415) ${String(200 + Math.floor(Math.random() * 700))}-${String(1000 + Math.floor(Math.random() * 8999))}`;

/** The error text shown beside a control: the field-error element its aria-describedby names. */
async function errorBeside(page: Page, label: RegExp): Promise<string | null> {
  const control = page.getByLabel(label);
  return control.evaluate((el) => {
    const doc = (globalThis as any).document;
    for (const id of (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) {
      const note = doc.getElementById(id);
      if (note?.classList.contains('field-error')) return note.textContent as string;
    }
    return null;
  });
}

/** The name attribute of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('name') as string | null);

async function fillRequest(page: Page, phone: string, description: string) {
  await page.getByLabel(/^Full Name/).fill('Casey Homeowner');
  await page.getByLabel(/^Phone/).fill(phone);
  await page.getByLabel(/^ZIP Code/).fill('94107');
  await page.getByLabel(/^Service Category/).selectOption('home_services');
  await page.getByRole('option', { name: 'Plumbing' }).first().waitFor({ state: 'attached' });
  await page.getByLabel(/^Sub-Service/).selectOption('plumbing');
  await page.getByLabel(/^Describe What You Need/).fill(description);
}

describe('customer journey in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('from the home page to an accepted request: every answer true, every fix beside its field', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get a Free Quote' }).click();
    await page.waitForURL(/\/lead-intake$/);
    await page.getByRole('heading', { name: 'Request a Service' }).waitFor();

    // A wrong phone: the error is beside the phone field, and the phone field has focus.
    await fillRequest(page, '555-12', 'The kitchen sink drain is clogged and water backs up into the sink.');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect.poll(() => errorBeside(page, /^Phone/)).toBe(PHONE_DIGITS);
    expect(await page.getByLabel(/^Phone/).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedName(page)).toBe('phone');
    await env.screenshot(page, 'journey-phone-error');

    // Fixed: the spec's success text.
    await page.getByLabel(/^Phone/).fill(uniquePhone());
    expect(await errorBeside(page, /^Phone/)).toBeNull();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(SUCCESS).waitFor({ timeout: 30_000 });

    // A second request whose description is junk: refused, and it says why, beside the description.
    await page.getByRole('button', { name: 'Submit Another' }).click();
    const phone = uniquePhone();
    await fillRequest(page, phone, 'asdfghjkl qwrtpsdfg zxcvbnm');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(REJECTED).waitFor({ timeout: 30_000 });
    await expect.poll(() => errorBeside(page, /^Describe What You Need/)).toMatch(/random letters/);
    await expect.poll(() => focusedName(page)).toBe('description');
    expect(await page.getByText(SUCCESS).count()).toBe(0);
    // What the customer typed is still there to correct.
    expect(await page.getByLabel(/^Phone/).inputValue()).toBe(phone);
    await env.screenshot(page, 'journey-junk-description');

    // Corrected and sent again from the same phone for the same service: accepted, not a duplicate.
    await page
      .getByLabel(/^Describe What You Need/)
      .fill('The bathroom faucet drips all night and the shower valve is stuck, need a plumber this week.');
    expect(await errorBeside(page, /^Describe What You Need/)).toBeNull();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(SUCCESS).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/already have a request/).count()).toBe(0);
    await context.close();
  });

  it('an industry page shows the rejection of a rejected lead, never the success text', async () => {
    const { context, page } = await env.newPage({ mobile: true });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Services' }).getByRole('link', { name: 'HVAC' }).click();
    await page.waitForURL(/\/hvac$/);
    await page.getByLabel(/^Full Name/).fill('Robin Renter');
    await page.getByLabel(/^Phone/).fill(uniquePhone());
    await page.getByLabel(/^ZIP Code/).fill('94107');
    await page.getByLabel(/^Describe What You Need/).fill('Cheap AC parts at www.cheap-parts.example, call now');
    await page.getByRole('button', { name: 'Get Matched Now' }).click();
    await page.getByText(REJECTED).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => errorBeside(page, /^Describe What You Need/))
      .toBe('Please remove web links from the description');
    expect(await page.getByText(SUCCESS).count()).toBe(0);
    await env.screenshot(page, 'journey-hvac-rejected');
    await context.close();
  });

  it('an unknown path answers 404 with the app’s "Page not found"', async () => {
    const { context, page } = await env.newPage();
    const res = await page.goto('/services/no-such-trade');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const known = await page.goto('/services/plumbing');
    expect(known?.status()).toBe(200);
    const robots = await page.goto('/robots.txt');
    expect(robots?.status()).toBe(200);
    expect(await robots?.text()).toContain('Sitemap: ');
    await context.close();
  });
});
