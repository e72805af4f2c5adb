import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, outboxRow, signInContext, signUpByApi, signUpInBrowser, uniqueSurname } from '../src/helpers.js';

// Each promise walked from where its person starts to what they read: a re-signup's
// wallet promise (signup form → welcome page → welcome email), auto-reload without a card
// (Settings' Wallet tab → the low-balance email), the claim on a 375 px phone and the same link
// reopened signed out, an admin's forgotten password from the admin login, and the smaller ones
// (the /admin title, one phone format, leads above the maximum price).

const ADMIN_EMAIL = 'promises-admin@leadmarket.test';
let adminPassword = 'promises-admin-password-1';

let env: E2eEnv;
const unique = Date.now().toString(36);
let zipSeq = 0;
/** A ZIP code no other test of this run uses. */
const freshZip = () => `7${String((Date.now() + zipSeq++ * 7919) % 10_000).padStart(4, '0')}`;
/** A valid US number no other run used (exchange 2xx-9xx, never N11). */
const uniquePhone = (area = '415') => {
  let exchange: number;
  do exchange = 200 + Math.floor(Math.random() * 800);
  while (exchange % 100 === 11);
  return `(${area}) ${exchange}-${1000 + Math.floor(Math.random() * 8999)}`;
};

const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

/** A contractor made by the API (the setup, not what is tested), signed in on `page`'s browser. */
async function contractorIn(page: Page, zip: string, name = `Pat ${uniqueSurname()}`) {
  const username = `p_${unique}_${Math.floor(Math.random() * 1e6)}`;
  const phone = uniquePhone('303');
  const email = `${username}@promises-e2e.com`;
  const session = await signUpByApi(env.baseUrl, {
    name,
    business: `${name} Heating`,
    email,
    phone,
    zip,
    user: username,
    sms: true,
  });
  await signInContext(page, session);
  return { ...session, name, username, phone, email };
}

/** A customer's HVAC request in `zip`, as the lead form sends it. */
async function customerAsks(zip: string, customerPhone = uniquePhone()) {
  const res = await callFunction(env.baseUrl, 'leads-submit', {
    body: {
      customer_name: `Casey ${uniqueSurname()}`,
      phone: customerPhone,
      email: `casey.${unique}.${Math.floor(Math.random() * 1e6)}@gmail.com`,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'The furnace stopped working last night and the house is getting cold quickly.',
      urgency: 'Standard',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { leadId: res.body.lead_id as string, phone: customerPhone };
}

async function adminToken(): Promise<string> {
  const res = await callFunction(env.baseUrl, 'admin-login', { body: { password: adminPassword } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.session_token as string;
}

/** The wallet balance in dollars, as the dashboard aggregate reads it. */
async function walletOf(c: { token: string }): Promise<number | null> {
  const res = await callFunction(env.baseUrl, 'contractors-dashboard', { token: c.token });
  return res.body?.wallet_balance ?? null;
}

describe('every promise kept, in the browser', () => {
  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = adminPassword;
    env = await startE2e();
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('a deleted contractor signing up again reads, on the form, the welcome page and email, that the wallet starts empty', async () => {
    const { context, page } = await env.newPage();
    const who = {
      name: 'Robin Again',
      business: `Again Air ${unique}`,
      email: `robin.${unique}@again-e2e.com`,
      phone: uniquePhone('512'),
      zip: freshZip(),
      user: `robin_${unique}`,
    };
    const first = await signUpInBrowser(page, who);
    await page.getByText('You start with $25 free to spend on leads.').waitFor({ timeout: 15_000 });
    await expect.poll(() => walletOf(first), { timeout: 20_000 }).toBe(25);
    const deleted = await callFunction(env.baseUrl, 'admin-delete-contractor', {
      method: 'DELETE',
      body: { contractor_id: first.contractorId },
      token: await adminToken(),
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await page.evaluate(() => (globalThis as any).localStorage.clear());

    // The form promises the credit once per person, before anyone types.
    await page.goto('/signup');
    expect(await page.locator('.lead-text').innerText()).toContain('once per person');
    const again = await signUpInBrowser(page, { ...who, user: `robin2_${unique}` });
    expect(again.contractorId).not.toBe(first.contractorId);

    // The welcome page: $0.00 and why, never "$25 … being added".
    await page.getByTestId('no-signup-credit').waitFor({ timeout: 15_000 });
    const wallet = page.locator('.card', { has: page.getByRole('heading', { name: 'Your Wallet' }) });
    expect(await wallet.locator('.balance').innerText()).toBe('$0.00');
    expect(await wallet.innerText()).not.toContain('being added');
    expect(await walletOf(again)).toBe(0);

    // The welcome email for the new ID says the same.
    const email = await outboxRow(page, 'email', [who.email, again.contractorId]);
    const text = await email.innerText();
    expect(text).toContain('Your wallet starts empty');
    expect(text).not.toContain('$25.00 of free credit');
    await context.close();
  });

  it('auto-reload without a card is refused beside its checkbox, and the low-balance email asks for a card first', async () => {
    const { context, page } = await env.newPage();
    const zip = freshZip();
    const me = await contractorIn(page, zip);
    await page.goto('/dashboard');
    await tab(page, 'Wallet').click();
    const box = page.getByLabel('Automatically reload my wallet when the balance runs low');
    // Before anything is ticked, the form says what auto-reload needs.
    await page.getByTestId('auto-reload-note').getByText('add funds once with a card first').waitFor();
    // click, not check(): the refusal may bounce the box back before Playwright reads it again.
    await box.click();
    const refusal = page.getByText('Auto-reload needs a saved card.');
    await refusal.waitFor({ timeout: 15_000 });
    // Beside the checkbox (its description), and the checkbox is off again, as the server holds it.
    const describedBy = await box.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Auto-reload needs a saved card.');
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByText('Auto-reload settings saved').count()).toBe(0);
    await tab(page, 'Dashboard').click();
    await page.getByText(/^Auto-reload: off/).waitFor();

    // A purchase takes the $25 wallet to $5: the low-balance email does not tell them to turn on auto-reload.
    const { leadId } = await customerAsks(zip);
    await expect
      .poll(
        async () =>
          (await callFunction(env.baseUrl, 'purchase-lead', { body: { lead_id: leadId }, token: me.token })).status,
        {
          timeout: 40_000,
          interval: 500,
        },
      )
      .toBe(200);
    const low = await outboxRow(page, 'email', [me.email, 'Your leadmarket balance is $5.00']);
    const text = await low.innerText();
    expect(text).not.toContain('Turn on auto-reload');
    expect(text).toContain('Add funds with a card under Wallet');

    // After one card payment the same checkbox turns auto-reload on.
    await page.goto('/dashboard');
    await tab(page, 'Wallet').click();
    await page.getByLabel('Amount (USD)').fill('100');
    await page.getByRole('button', { name: 'Add Funds' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.waitForURL(/payment=success|\/contractor\//, { timeout: 20_000 });
    await expect
      .poll(
        async () => (await callFunction(env.baseUrl, 'auto-reload-settings', { token: me.token })).body?.has_saved_card,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await page.goto('/dashboard');
    await tab(page, 'Wallet').click();
    await page.getByLabel('Automatically reload my wallet when the balance runs low').check();
    await page.getByText('Auto-reload settings saved').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Auto-reload needs a saved card.').count()).toBe(0);
    await context.close();
  });

  it('on a 375 px phone the claim’s success is in view and focused; the link reopened signed out says you claimed it', async () => {
    const zip = freshZip();
    const phone = await env.newPage({ mobile: true });
    const me = await contractorIn(phone.page, zip);
    const customer = await customerAsks(zip);
    const sms = await outboxRow(phone.page, 'sms', ['/claim/', `ZIP ${zip}`]);
    const link = await sms.locator('a[href*="/claim/"]').first().getAttribute('href');
    const claimPath = new URL(link!).pathname;

    await phone.page.goto(claimPath);
    await phone.page.getByRole('heading', { name: 'New Lead Available' }).waitFor({ timeout: 15_000 });
    await phone.page.getByRole('button', { name: 'Claim This Lead' }).click();
    const heading = phone.page.getByRole('heading', { name: 'Lead Claimed Successfully!' });
    await heading.waitFor({ timeout: 15_000 });
    // Focus is on the heading, which sits below the sticky header and inside the viewport.
    await expect
      .poll(() => phone.page.evaluate(() => (globalThis as any).document.activeElement?.textContent as string))
      .toBe('Lead Claimed Successfully!');
    const header = (await phone.page.locator('.site-header').boundingBox())!;
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    // So is the customer's phone, which the contractor has just paid for.
    const call = phone.page.locator('a[href^="tel:"]').first();
    const callBox = (await call.boundingBox())!;
    expect(callBox.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(callBox.y + callBox.height).toBeLessThanOrEqual(740);
    await env.screenshot(phone.page, 'promises-claim-375');

    // The customer is told in the catalogue's words.
    const digits = customer.phone.replace(/\D/g, '');
    const told = await outboxRow(phone.page, 'sms', [`+1${digits}`, 'took your']);
    const toldText = await told.innerText();
    expect(toldText).toContain('took your HVAC request');
    expect(toldText).not.toMatch(/\bhvac\b|home services|home_services/);
    await phone.context.close();

    // The same SMS link on a phone where the contractor is not signed in.
    const signedOut = await env.newPage({ mobile: true });
    await signedOut.page.goto(claimPath);
    await signedOut.page.getByRole('heading', { name: 'You claimed this lead' }).waitFor({ timeout: 15_000 });
    expect(await signedOut.page.getByText(/another contractor/).count()).toBe(0);
    expect(await signedOut.page.locator('a[href^="tel:"]').count()).toBe(0);
    await signedOut.page.getByRole('link', { name: 'Log In to See the Contact' }).click();
    await signedOut.page.getByLabel(/^Username/).fill(me.username);
    await signedOut.page.getByLabel(/^Password/).fill('s3cret-pass');
    await signedOut.page.getByRole('button', { name: 'Log In' }).click();
    await signedOut.page.waitForURL((url) => url.pathname === claimPath, { timeout: 15_000 });
    await signedOut.page.getByRole('heading', { name: 'You claimed this lead' }).waitFor({ timeout: 15_000 });
    await signedOut.page.locator('a[href^="tel:"]').first().waitFor();
    await signedOut.context.close();
  });

  it('an admin starts a password reset from the admin login and signs in with the new password', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    // The admin screens name themselves, not the landing page.
    expect(await page.title()).toBe('Admin Login · leadmarket');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/reset link has been sent/).waitFor({ timeout: 15_000 });

    const email = await outboxRow(page, 'email', [ADMIN_EMAIL, '/reset-password']);
    const link = await email.locator('a[href*="/reset-password"]').first().getAttribute('href');
    expect(link).toContain('type=admin');
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    const next = `promises-admin-password-${Date.now()}`;
    await page.getByLabel(/^New Password/).fill(next);
    await page.getByLabel(/^Confirm New Password/).fill(next);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor({ timeout: 15_000 });
    adminPassword = next;
    await page.waitForURL((u) => u.pathname === '/admin', { timeout: 15_000 });
    await page.getByLabel('Admin password').fill(next);
    await page.getByLabel('Admin password').press('Enter');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
    expect(await page.title()).toBe('Admin Dashboard · leadmarket');
    await context.close();
  });

  it('one phone format wherever a person reads one, and leads above the maximum price say they cannot be bought', async () => {
    const zip = freshZip();
    const { context, page } = await env.newPage();
    const me = await contractorIn(page, zip);
    const shown = me.phone; // "(303) 2xx-xxxx", as signup took it
    await page.goto('/dashboard');
    await tab(page, 'Settings').click();
    await page.getByText(shown).first().waitFor({ timeout: 15_000 });

    // The admin's contractor list shows the same number the same way.
    const admin = await env.newPage();
    await admin.page.goto('/admin');
    await admin.page.getByLabel('Admin password').fill(adminPassword);
    await admin.page.getByLabel('Admin password').press('Enter');
    await admin.page.getByRole('tab', { name: 'Contractors', exact: true }).click();
    await admin.page.getByLabel('Search contractors').fill(me.name);
    await admin.page.locator('tr', { hasText: me.name }).getByText(shown).waitFor({ timeout: 15_000 });
    await admin.context.close();

    // A maximum price below the lead's: the card says it cannot be bought and offers no purchase.
    await page.getByLabel('Maximum price per lead ($)').fill('10');
    await page.getByRole('button', { name: 'Save spend caps' }).click();
    await page.getByText('Spend caps saved').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Leads above it are not texted to you and cannot be bought').count()).toBe(1);
    const { leadId } = await customerAsks(zip);
    await tab(page, 'Available').click();
    const card = page.locator(`[data-lead-id="${leadId}"]`);
    await card.waitFor({ timeout: 40_000 });
    expect(await card.getByTestId('above-max-price').innerText()).toContain(
      'Above your maximum price per lead ($10.00): not offered to you and cannot be bought.',
    );
    expect(await card.getByRole('button', { name: 'Purchase Lead' }).isDisabled()).toBe(true);
    await context.close();
  });
});
