import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, outboxRow, signUpInBrowser } from '../src/helpers.js';

// As a new contractor walks it: sign up → the welcome email names the contractor ID →
// /welcome shows it → a matching lead arrives → the SMS link from the development outbox → price,
// urgency and the pre-filled ID → claim → reopen → "You claimed this lead" → the low-balance email →
// the public header's Dashboard link → Purchased at once →
// refund requested → an admin approves in the admin UI → the decision email and the Refunded list →
// the wallet statement's newest running balance equals the wallet. Then a two-contractor race, and
// axe on every dashboard tab.

const ADMIN_EMAIL = 'journey-admin@leadmarket.test';
const ADMIN_PASSWORD = 'journey-admin-password-1';
const AXE_SOURCE: string = (() => {
  const require = createRequire(import.meta.url);
  return require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
})();

let env: E2eEnv;
const unique = Date.now().toString(36);

/** Tab by its label, whatever count it carries. */
const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

const signUp = (page: Page, who: { name: string; email: string; phone: string; zip: string; user: string }) =>
  signUpInBrowser(page, { ...who, business: `${who.name} HVAC ${unique}` });

/** A customer's request, as the lead form sends it. */
async function customerAsks(zip: string, name: string, urgency: 'Standard' | 'Emergency') {
  const res = await callFunction(env.baseUrl, 'leads-submit', {
    body: {
      customer_name: name,
      phone: `(415) 867-${String(Math.floor(1000 + Math.random() * 8999))}`,
      email: `${name.split(' ')[0]!.toLowerCase()}.${unique}@gmail.com`,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'The furnace stopped working last night and the house is getting cold quickly.',
      urgency,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.lead_id as string;
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((globalThis as any).axe)))) await page.evaluate(AXE_SOURCE); // evaluate, not an inline <script>: the CSP forbids those
  const result = await page.evaluate(async () => (globalThis as any).axe.run((globalThis as any).document));
  return (result.violations as Array<{ id: string; nodes: Array<{ target: string[] }> }>).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('contractor journey in the browser', () => {
  let page: Page;
  let me: { token: string; contractorId: string };
  const zip = `9${String(Date.now() % 10_000).padStart(4, '0')}`;
  const phone = `(303) 555-${String(1000 + (Date.now() % 8999))}`;
  const email = `dana.${unique}@journey-e2e.com`;

  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    env = await startE2e();
    ({ page } = await env.newPage());
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('from the SMS to a paid lead, a refund, and every dollar on the statement', async () => {
    me = await signUp(page, { name: 'Dana Diaz', email, phone, zip, user: `dana_${unique}` });

    // /welcome names the ID and says alerts come by SMS (consent given).
    await page.getByTestId('contractor-id').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('contractor-id').innerText()).toBe(me.contractorId);
    await page.getByRole('heading', { name: 'SMS Lead Alerts' }).waitFor();

    // The welcome email in the development outbox names the same ID.
    const welcome = await outboxRow(page, 'email', [email, 'Welcome to leadmarket']);
    expect(await welcome.innerText()).toContain(`Your contractor ID: ${me.contractorId}`);

    // A matching Emergency lead arrives; its SMS link opens the claim page.
    const leadId = await customerAsks(zip, 'Erin Example', 'Emergency');
    const sms = await outboxRow(page, 'sms', ['/claim/', `ZIP ${zip}`]);
    expect(await sms.innerText()).toContain('Emergency');
    const link = await sms.locator('a[href*="/claim/"]').first().getAttribute('href');
    expect(link).toBeTruthy();
    const claimPath = new URL(link!).pathname;
    await page.goto(claimPath);
    await page.getByRole('heading', { name: 'New Lead Available' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('claim-price').innerText()).toBe('$20.00');
    expect(await page.getByTestId('urgency').innerText()).toBe('Emergency');
    expect(await page.getByLabel('Your Contractor ID *').inputValue()).toBe(me.contractorId);
    await page.getByText(/Your wallet balance: \$25\.00 — enough for this lead/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Claim This Lead' }).click();
    await page.getByRole('heading', { name: 'Lead Claimed Successfully!' }).waitFor({ timeout: 15_000 });
    await page.getByText('Erin Example').waitFor();

    // Reopening the link: the lead is mine, with its contact.
    await page.goto(claimPath);
    await page.getByRole('heading', { name: 'You claimed this lead' }).waitFor({ timeout: 15_000 });
    await page.getByText('Erin Example').waitFor();

    // $25 − $20 leaves $5, below the cheapest lead of the category: one low-balance email.
    const low = await outboxRow(page, 'email', [email, 'Your leadmarket balance is $5.00']);
    expect(await low.innerText()).toContain('less than the cheapest Home Services lead ($20.00)');

    // The public header knows the signed-in contractor: Dashboard (and Logout), not Login / Sign Up.
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 15_000 });
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Sign Up Free' }).count()).toBe(0);

    // Purchased shows it (lead-intake recorded it from wallet-ledger's LeadPurchased).
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Dana Diaz' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('contractor-id').first().innerText()).toBe(me.contractorId);
    await tab(page, 'Purchased').click();
    const card = page.locator('.dash-lead', { hasText: 'Erin Example' });
    await card.waitFor({ timeout: 5_000 });
    expect(await card.getByTestId('urgency').innerText()).toBe('Emergency');
    expect(await tab(page, 'Claimed').innerText()).toBe('Claimed (1)');

    // Request a refund: the card says it is pending and offers no second request.
    await card.getByRole('button', { name: 'Request Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Refund' });
    await dialog.getByLabel('Reason *').fill('The phone number is disconnected.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await card.getByText('Refund pending').waitFor({ timeout: 15_000 });
    expect(await card.getByRole('button', { name: 'Request Refund' }).count()).toBe(0);

    // An admin approves it in the admin UI.
    const admin = await env.newPage();
    await admin.page.goto('/admin');
    await admin.page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await admin.page.getByLabel('Admin password').press('Enter');
    await admin.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
    await admin.page.getByRole('tab', { name: 'Refund Queue', exact: true }).click();
    const request = admin.page.locator('li, tr, article, .admin-card', {
      hasText: 'The phone number is disconnected.',
    });
    await request.first().getByRole('button', { name: 'Approve' }).click();
    await admin.page
      .getByText(/approved/i)
      .first()
      .waitFor({ timeout: 15_000 });
    await admin.context.close();

    // The decision reaches the contractor by email, and the lead moves to Refunded without actions.
    const decision = await outboxRow(page, 'email', [email, 'Refund approved']);
    expect(await decision.innerText()).toContain('$20.00 is back in your leadmarket wallet');
    await page.goto(`/contractor/${me.contractorId}`);
    await tab(page, 'Refunded').click();
    const refunded = page.locator('.dash-lead', { hasText: 'Erin Example' });
    await refunded.waitFor({ timeout: 15_000 });
    // No actions on a refunded lead: its only button opens the receipt (proof of exclusivity still holds).
    expect(await refunded.getByRole('button').allInnerTexts()).toEqual(['Exclusive — verify']);
    await tab(page, 'Purchased').click();
    await page.getByText('No purchased leads yet.').waitFor();

    // The wallet statement: signup credit, the purchase, the refund; its newest balance is the wallet.
    await tab(page, 'Wallet').click();
    // The fund form keeps a mistyped amount and says what is wrong beside the field.
    const amount = page.getByLabel('Amount (USD)');
    await amount.fill('25O');
    expect(await amount.inputValue()).toBe('25O');
    await page.getByRole('button', { name: 'Add Funds' }).click();
    await page.getByText('Please enter a valid amount').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('inputmode'))).toBe(
      'decimal',
    );
    const rows = page.getByTestId('statement-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    const newestBalance = await page.getByTestId('statement-balance').first().innerText();
    const walletShown = await page.locator('.dash-balance').first().innerText();
    expect(newestBalance).toBe(walletShown);
    expect(newestBalance).toBe('$25.00');
    expect(await rows.nth(0).innerText()).toContain('Refund');
    expect(await rows.nth(1).innerText()).toMatch(/Lead purchase: Home Services, HVAC \(ZIP \d{5}\)/);
    expect(await rows.nth(1).innerText()).toContain('\u2212$20.00');
    expect(await rows.nth(2).innerText()).toContain('Signup credit');
    const server = await callFunction(env.baseUrl, 'get-wallet-statement', { token: me.token });
    expect(server.body.entries[0].balance_after_cents).toBe(server.body.balance_cents);
    expect(server.body.entries.map((e: { lead_id: string | null }) => e.lead_id)).toEqual([leadId, leadId, null]);
  }, 240_000);

  it('a lost race in the browser closes the dialog and takes the lead off Available at once', async () => {
    // A second contractor in the same ZIP; both have the lead under Available.
    const rival = await env.newPage();
    const them = await signUp(rival.page, {
      name: 'Riley Rival',
      email: `riley.${unique}@journey-e2e.com`,
      phone: '(303) 555-0177',
      zip,
      user: `riley_${unique}`,
    });
    const leadId = await customerAsks(zip, 'Sam Second', 'Standard');
    for (const p of [page, rival.page]) {
      await p.goto('/dashboard');
      await tab(p, 'Available').click();
      await p.locator(`[data-lead-id="${leadId}"]`).waitFor({ timeout: 40_000 });
    }
    // Dana opens the confirm dialog; Riley buys first.
    await page.locator(`[data-lead-id="${leadId}"]`).getByRole('button', { name: 'Purchase Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
    await dialog.waitFor();
    const won = await callFunction(env.baseUrl, 'purchase-lead', { body: { lead_id: leadId }, token: them.token });
    expect(won.status).toBe(200);
    // The live stream closes Dana's dialog by itself; were it down, her own click would
    // get the 409 and close it the same way.
    const buy = dialog.getByRole('button', { name: /^Purchase for/ });
    await buy.click({ timeout: 2_000 }).catch(() => {});
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('alert').filter({ hasText: 'already been purchased' }).waitFor();
    // Gone at once: well before the 30-second refresh could have removed it.
    expect(await page.locator(`[data-lead-id="${leadId}"]`).count()).toBe(0);
    await rival.context.close();
  }, 180_000);

  it('axe finds no violations on any dashboard tab', async () => {
    await page.goto(`/contractor/${me.contractorId}`);
    await page.getByRole('heading', { name: 'Welcome back, Dana Diaz' }).waitFor({ timeout: 15_000 });
    const labels = [
      'Dashboard',
      'Available',
      'Claimed',
      'Purchased',
      'Completed',
      'Archived',
      'Refunded',
      'History',
      'Wallet',
      'Reports',
      'Settings',
    ];
    const found: string[] = [];
    for (const label of labels) {
      await tab(page, label).click();
      await page.getByRole('tabpanel').waitFor();
      // The tab's own title proves its panel rendered (no fixed pause before axe looks at it).
      await page.waitForFunction((l) => (globalThis as any).document.title.includes(l), label);
      expect(await page.title()).toContain(label);
      for (const v of await axeViolations(page)) found.push(`${label} — ${v}`);
    }
    expect(found).toEqual([]);
  }, 120_000);
});
