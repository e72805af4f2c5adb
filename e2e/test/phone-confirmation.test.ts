import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { outboxRow, signInContext, signUpByApi, uniqueSurname } from '../src/helpers.js';

// The customer's phone confirmation in the browser (docs/adr/0045-phone-confirmed-before-the-offer.md):
// the operator sets Home Services to "only requests with a confirmed phone" on the Screening tab; a
// customer sends an HVAC request on /hvac, reads the code in the development outbox and types it on
// the form's thank-you; only then is the contractor of the area texted, and the offer SMS, the
// dashboard card and the claim page say "Phone confirmed".

const ADMIN_EMAIL = 'e2e-confirm@leadmarket.test';
const ADMIN_PASSWORD = 'e2e-confirm-password-1';

let env: E2eEnv;
const unique = Date.now().toString(36);
const zip = `5${String(Date.now() % 10_000).padStart(4, '0')}`;
const digits = () => String(1000 + Math.floor(Math.random() * 8999));
const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

describe('phone confirmation in the browser', () => {
  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    env = await startE2e();
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('offers a "confirmed only" request once the customer typed the texted code, and says so to the contractor', async () => {
    // The operator: Home Services offers only requests whose phone is confirmed.
    const { context: adminContext, page: admin } = await env.newPage();
    await admin.goto('/admin');
    await admin.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await admin.getByLabel('Admin password').press('Enter');
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await admin.getByRole('tab', { name: 'Screening', exact: true }).click();
    const rule = admin.getByRole('form', { name: 'Phone confirmation rule' });
    await rule.getByLabel('Category').selectOption({ label: 'Home Services' });
    await rule.getByLabel('Offer').selectOption({ label: 'Only requests with a confirmed phone' });
    await rule.getByLabel('Minutes to wait for the confirmation').fill('60');
    await rule.getByLabel('Still unconfirmed after the wait').selectOption({ label: 'Offer it anyway' });
    await rule.getByRole('button', { name: 'Save the rule' }).click();
    await admin.getByText('Phone confirmation rule saved for Home Services').waitFor({ timeout: 15_000 });
    await admin
      .getByRole('list', { name: 'Phone confirmation rules' })
      .getByText(/Home Services: Only confirmed phones; after 60 min unconfirmed: offered anyway/)
      .waitFor();
    await env.screenshot(admin, 'confirmation-rule');

    const contractor = await signUpByApi(env.baseUrl, {
      name: 'Cal Confirm',
      business: `Confirmed Cooling ${unique}`,
      email: `cal.${unique}@example.com`,
      phone: `(312) 555-${digits()}`,
      zip,
      user: `cal_${unique}`,
      sms: true,
    });

    // The customer sends an HVAC request on /hvac and is asked for the code.
    const customerName = `Cleo ${uniqueSurname()}`;
    const last4 = digits();
    const { context: customerContext, page: customer } = await env.newPage({ mobile: true });
    await customer.goto('/hvac');
    await customer.getByLabel(/^Full Name/).fill(customerName);
    await customer.getByLabel(/^Phone/).fill(`(415) 867-${last4}`);
    await customer.getByLabel(/^ZIP Code/).fill(zip);
    await customer
      .getByLabel(/^Describe What You Need/)
      .fill('The furnace short-cycles every few minutes and the house never warms up.');
    await customer.getByRole('button', { name: 'Get Matched Now' }).click();
    await customer.getByText(/Lead submitted successfully/).waitFor({ timeout: 20_000 });
    await customer.getByRole('heading', { name: 'Confirm your phone number' }).waitFor({ timeout: 15_000 });

    // The code in the development outbox (the customer's phone).
    const { context: outboxContext, page: outbox } = await env.newPage();
    const codeSms = await outboxRow(outbox, 'sms', [`+1415867${last4}`, 'code is']);
    const code = /code is (\d{6})/.exec(await codeSms.innerText())?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await outboxContext.close();

    // A wrong code is refused in words, with the tries left; the right one confirms.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await customer.getByLabel('Code from the text message').fill(wrong);
    await customer.getByRole('button', { name: 'Confirm my phone' }).click();
    await customer.getByText(/That code is not right.*tries left/).waitFor({ timeout: 15_000 });
    await customer.getByLabel('Code from the text message').fill(code!);
    await customer.getByRole('button', { name: 'Confirm my phone' }).click();
    await customer.getByText(/^Phone confirmed\. Thank you!/).waitFor({ timeout: 15_000 });
    await env.screenshot(customer, 'phone-confirmed');
    await customerContext.close();

    // The contractor is texted now: one offer per lead and contractor, and it says the phone is
    // confirmed, so it was written after the confirmation, not before.
    const { context: proContext, page: pro } = await env.newPage();
    await signInContext(pro, contractor);
    const sms = await outboxRow(pro, 'sms', ['/claim/', `ZIP ${zip}`]);
    expect(await sms.innerText()).toMatch(/Phone confirmed (just now|\d+ minutes? ago)\./);
    const link = await sms.locator('a[href*="/claim/"]').first().getAttribute('href');
    expect(link).toBeTruthy();

    // The dashboard card says it too.
    await pro.goto('/dashboard');
    await tab(pro, 'Available').click();
    const card = pro.locator('.dash-lead', { hasText: 'Home Services — HVAC' }).first();
    await card.getByText('Customer: New Lead', { exact: false }).waitFor({ timeout: 30_000 });
    const facts = card.getByTestId('contact-facts');
    await facts.getByText(/Phone confirmed/).waitFor();
    expect(await facts.innerText()).toContain('Mobile or landline');
    expect(await facts.innerText()).toContain('No email given');
    expect(await card.innerText()).not.toContain(customerName);
    await env.screenshot(pro, 'card-phone-confirmed');

    // And the claim page, before the claim.
    await pro.goto(new URL(link!).pathname);
    await pro.getByRole('heading', { name: 'New Lead Available' }).waitFor({ timeout: 15_000 });
    await pro
      .getByTestId('contact-facts')
      .getByText(/Phone confirmed/)
      .waitFor();
    await env.screenshot(pro, 'claim-phone-confirmed');
    await proContext.close();
    await adminContext.close();
  });
});
