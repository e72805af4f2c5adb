import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHorizontalScroll, startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction } from '../src/helpers.js';

// The public site in Chromium against the embedded marketplace: a customer's lead on /hvac, signup
// with prefill, a real claim link from the development SMS outbox, the sticky bar, and the 375 px
// layout of every public route (each screenshotted under e2e/screenshots/).

const SUCCESS = 'Lead submitted successfully! Matching contractors will be notified via SMS.';

let env: E2eEnv;

const api = (name: string, body?: unknown) => callFunction(env.baseUrl, name, { body });

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A unique 5-digit ZIP so this run's contractor is the only match. */
const uniqueZip = () => String(10000 + Math.floor(Math.random() * 89999));
/** A unique, valid-looking US number (555-01xx is reserved for fiction, so avoid it for validation). */
const uniquePhone = () =>
  `(415) ${String(200 + Math.floor(Math.random() * 700))}-${String(1000 + Math.floor(Math.random() * 8999))}`;

describe('public site in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('a customer submits a lead on /hvac and sees the success text', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/hvac');
    await page.getByLabel(/^Full Name/).fill('Erin Example');
    await page.getByLabel(/^Phone/).fill(uniquePhone());
    await page.getByLabel(/^ZIP Code/).fill('941071234');
    expect(await page.getByLabel(/^ZIP Code/).inputValue()).toBe('94107');
    await page
      .getByLabel(/^Describe What You Need/)
      .fill('Air conditioner blows warm air since yesterday, need repair this week.');
    await page.getByRole('button', { name: 'Get Matched Now' }).click();
    await page.getByText(SUCCESS).waitFor({ timeout: 15_000 });
    await env.screenshot(page, 'public-hvac-success');
    await page.getByRole('button', { name: 'Submit Another' }).click();
    expect(await page.getByLabel(/^Full Name/).inputValue()).toBe('');
    await context.close();
  });

  it('a contractor signs up from /signup?email=…&zip=…&trade=… with the fields prefilled and reaches the dashboard', async () => {
    const { context, page } = await env.newPage();
    const unique = Date.now().toString(36);
    const email = `pat.${unique}@gmail.com`;
    await page.goto(`/signup?email=${encodeURIComponent(email)}&zip=94107&trade=plumbing`);
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);
    expect(await page.getByLabel(/^Service ZIP Codes/).inputValue()).toBe('94107');
    expect(await page.getByLabel(/^Industry/).inputValue()).toBe('home_services');
    await page.getByRole('option', { name: 'Plumbing' }).first().waitFor({ state: 'attached' });
    expect(await page.getByLabel(/^Sub-Service/).inputValue()).toBe('plumbing');
    await page.getByLabel(/^Your Name/).fill('Pat Piper');
    await page.getByLabel(/^Business Name/).fill(`Piper Plumbing ${unique}`);
    await page.getByLabel(/^Phone/).fill(uniquePhone());
    await page.getByLabel(/^Username/).fill(`pat_${unique}`);
    await page.getByLabel(/^Password/).fill('pipes-and-drains');
    await page.getByLabel(/^Confirm Password/).fill('pipes-and-drains');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The server sends new accounts to /welcome first; its button leads to the dashboard route.
    await page.waitForURL(/\/(welcome|contractor-dashboard|contractor\/)/, { timeout: 15_000 });
    const stored = await page.evaluate(() => {
      const store = (globalThis as any).localStorage;
      return [store.getItem('contractor_session_token'), store.getItem('contractor_id')] as Array<string | null>;
    });
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBeTruthy();
    if (page.url().includes('/welcome')) {
      await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    }
    await page.waitForURL(new RegExp(`/(contractor/${stored[1]}|contractor-dashboard|dashboard)`));
    await env.screenshot(page, 'public-signup-landed');
    await context.close();
  });

  it('the claim page loads a lead from a real claim link and claims it', async () => {
    const zip = uniqueZip();
    const unique = Date.now().toString(36);
    const phone = uniquePhone();
    const signup = await api('contractors-signup', {
      contact_name: 'Casey Claimer',
      business_name: `Casey Cooling ${unique}`,
      email: `casey.${unique}@gmail.com`,
      phone,
      industry: 'home_services',
      sub_service: 'hvac',
      username: `casey_${unique}`,
      password: 'cool-and-calm',
      confirm_password: 'cool-and-calm',
      zip_codes: zip,
      sms_opt_in: true,
    });
    expect(signup.status).toBeLessThan(300);
    const contractorId: string = signup.body.contractor_id;
    const digits = phone.replace(/\D/g, '');

    const lead = await api('leads-submit', {
      customer_name: 'Robin Customer',
      phone: uniquePhone(),
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'Furnace makes a loud banging noise when it starts, please help.',
    });
    expect(lead.status).toBeLessThan(300);

    const token = await until(
      'the claim SMS',
      async () => {
        const res = await env.marketplace.clients.call<{
          messages: Array<{ channel: string; to: string; body: string }>;
        }>('notification', '/internal/outbox', {
          query: { channel: 'sms' },
        });
        const sms = res.messages.find((m) => m.to.replace(/\D/g, '').endsWith(digits) && m.body.includes('/claim/'));
        return sms ? /\/claim\/([A-Za-z0-9_%-]+)/.exec(sms.body)?.[1] : undefined;
      },
      30_000,
    );

    const { context, page } = await env.newPage({ mobile: true });
    await page.goto(`/claim/${token}`);
    await page.getByRole('heading', { name: 'New Lead Available' }).waitFor();
    await page.getByText('Furnace makes a loud banging noise').waitFor();
    expect(await page.getByRole('button', { name: 'Claim This Lead' }).isDisabled()).toBe(true);
    await env.screenshot(page, 'public-claim-lead');
    await page.getByLabel('Your Contractor ID *').fill(contractorId);
    await page.getByRole('button', { name: 'Claim This Lead' }).click();
    await page.getByRole('heading', { name: 'Lead Claimed Successfully!' }).waitFor({ timeout: 15_000 });
    await page.getByText('Robin Customer').waitFor();
    await env.screenshot(page, 'public-claim-claimed');

    // The same link cannot be claimed twice: its buyer reopening it is told they own it (ADR 0036).
    await page.goto(`/claim/${token}`);
    await page.getByRole('heading', { name: 'You claimed this lead' }).waitFor();
    expect(await page.getByRole('button', { name: 'Claim This Lead' }).count()).toBe(0);
    await env.screenshot(page, 'public-claim-after');
    await context.close();
  });

  it('contact form, waitlist and a password reset from the emailed link work end to end', async () => {
    const { context, page } = await env.newPage({ mobile: true });
    await page.goto('/contact');
    await page.getByLabel(/^Name/).fill('Ann Asker');
    await page.getByLabel(/^Email/).fill('ann.asker@gmail.com');
    await page.getByLabel(/^Message/).fill('Do you have roofers in Austin?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText("Thank you for your message! We'll get back to you soon.").waitFor({ timeout: 15_000 });

    await page.goto('/contractor-waitlist');
    await page.waitForURL(/\/launch-soon$/);
    await page.getByLabel(/^First Name/).fill('Tom');
    await page.getByLabel(/^Last Name/).fill('Lee');
    await page.getByLabel(/^Company/).fill('Lee Roofing');
    await page.getByLabel(/^Email/).fill(`tom.${Date.now().toString(36)}@gmail.com`);
    await page.getByLabel(/^Phone/).fill(uniquePhone());
    await page.getByLabel(/^Trade/).selectOption('roofing');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await page.waitForURL(/\/contractor-waitlist-confirmed$/, { timeout: 15_000 });

    // Forgot password on the login page, then the link from the development email outbox.
    const unique = Date.now().toString(36);
    const email = `riley.${unique}@gmail.com`;
    const created = await api('contractors-signup', {
      contact_name: 'Riley Reset',
      business_name: `Riley Roofing ${unique}`,
      email,
      phone: uniquePhone(),
      industry: 'home_services',
      sub_service: 'roofing',
      username: `riley_${unique}`,
      password: 'old-password',
      confirm_password: 'old-password',
      zip_codes: uniqueZip(),
      sms_opt_in: false,
    });
    expect(created.status).toBeLessThan(300);
    await page.goto('/contractor-login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/password reset link has been sent/).waitFor({ timeout: 15_000 });
    const resetPath = await until(
      'the reset email',
      async () => {
        const res = await env.marketplace.clients.call<{ messages: Array<{ to: string; body: string }> }>(
          'notification',
          '/internal/outbox',
          { query: { channel: 'email' } },
        );
        const mail = res.messages.find((m) => m.to === email);
        return mail ? /\/reset-password\?[^\s"'<]+/.exec(mail.body)?.[0] : undefined;
      },
      30_000,
    );
    await page.goto(resetPath.replace(/&amp;/g, '&'));
    await page.getByLabel(/^New Password/).fill('brand-new-pass');
    await page.getByLabel(/^Confirm New Password/).fill('brand-new-pass-typo');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel(/^Confirm New Password/).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/login$/, { timeout: 6_000 });
    await page.getByLabel(/^Username/).fill(`riley_${unique}`);
    await page.getByLabel(/^Password/).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/contractor\//, { timeout: 15_000 });
    await context.close();
  });

  it('the sticky signup bar stays dismissed after a reload', async () => {
    const { context, page } = await env.newPage({ mobile: true });
    await page.goto('/');
    const bar = page.getByRole('link', { name: 'Get Leads Now' });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await bar.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Leads Now' }).count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('dismiss_sticky_signup'))).toBe('true');
    await context.close();
  });

  it('the landing page loads little JavaScript: no zod, no chart library, a small page chunk', async () => {
    const { context, page } = await env.newPage({ mobile: true });
    const scripts: Array<{ name: string; gzip: number; text: string }> = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({
        name: response.url().split('/').pop()!,
        gzip: gzipSync(body).length,
        text: body.toString('utf8'),
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const pageOwn = scripts.filter((s) => !s.name.startsWith('index-')).reduce((sum, s) => sum + s.gzip, 0);
    console.info(
      `landing route JS: ${(total / 1024).toFixed(1)} KiB gzip in ${scripts.length} files (${(pageOwn / 1024).toFixed(1)} KiB beyond the app shell)`,
    );
    expect(scripts.some((s) => /uPlot/i.test(s.name))).toBe(false);
    expect(scripts.some((s) => s.text.includes('ZodError'))).toBe(false);
    // The landing page's own code (beyond React, the router and the app shell) stays small.
    expect(pageOwn).toBeLessThan(12 * 1024);
    await context.close();
  });

  it('every public route fits a 375 px viewport without horizontal scroll', async () => {
    const routes = [
      '/',
      '/signup',
      '/contractors/signup',
      '/claim/not-a-real-token',
      '/login',
      '/contractor-login',
      '/lead-intake',
      '/hvac',
      '/legal',
      '/real-estate',
      '/finance',
      '/insurance',
      '/healthcare',
      '/auto',
      '/services/plumbing',
      '/thank-you?service=plumbing&name=Jane',
      '/welcome',
      '/reset-password?type=contractor',
      '/privacy-policy',
      '/terms-of-service',
      '/disclaimer',
      '/tcpa-notice',
      '/about-us',
      '/how-it-works',
      '/contact',
      '/launch-soon',
      '/contractor-waitlist',
      '/contractor-waitlist-confirmed',
    ];
    const { context, page } = await env.newPage({ mobile: true });
    const failures: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const name =
        route === '/'
          ? 'home'
          : route
              .replace(/[?].*$/, '')
              .replace(/^\//, '')
              .replace(/\//g, '-');
      await env.screenshot(page, `public-mobile-${name}`);
      if (await hasHorizontalScroll(page)) failures.push(route);
    }
    expect(failures).toEqual([]);
    // The menu toggle opens the top-bar links on a phone.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Contact Us' }).waitFor();
    await context.close();

    const desktop = await env.newPage();
    await desktop.page.goto('/');
    await desktop.page.locator('h1').waitFor();
    await env.screenshot(desktop.page, 'public-desktop-home');
    await desktop.context.close();
  });
});
