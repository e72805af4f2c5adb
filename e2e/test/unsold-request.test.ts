import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, outboxRow, signUpByApi, uniqueSurname } from '../src/helpers.js';

// As a customer walks it: from the request form to the email that says the
// request closed unsold. Offer rounds last a second here, so a lead nobody buys closes at once.
// The email says truly whether anyone was offered it, and names the service by its label.

let env: E2eEnv;
const unique = Date.now().toString(36);
const uniquePhone = () => `(415) ${200 + Math.floor(Math.random() * 700)}-${1000 + Math.floor(Math.random() * 8999)}`;
const uniqueZip = () => String(10000 + Math.floor(Math.random() * 89999));

/** A customer asks for HVAC work on the request form (the one that takes an email) and is told it was taken. */
async function askForHvac(page: Page, zip: string, email: string) {
  await page.goto('/lead-intake');
  await page.getByLabel(/^Full Name/).fill(`Jo ${uniqueSurname()}`);
  await page.getByLabel(/^Phone/).fill(uniquePhone());
  await page.getByLabel(/^ZIP Code/).fill(zip);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Service Category/).selectOption('home_services');
  await page.getByRole('option', { name: 'HVAC' }).first().waitFor({ state: 'attached' });
  await page.getByLabel(/^Sub-Service/).selectOption('hvac');
  await page
    .getByLabel(/^Describe What You Need/)
    .fill('The heat pump makes a loud rattle and the house does not warm up anymore.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByText(/Lead submitted successfully/).waitFor({ timeout: 30_000 });
}

describe('an unsold request, told truly', () => {
  beforeAll(async () => {
    env = await startE2e({ env: { OFFER_ROUNDS: '1', OFFER_ROUND_SECONDS: '1', REROUTE_SWEEP_MS: '200' } });
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('says nobody was offered a request no professional could take, and how many were offered otherwise', async () => {
    const { context, page } = await env.newPage();

    // No contractor serves this ZIP code: the request is offered to nobody.
    const lonely = `nobody.${unique}@gmail.com`;
    await askForHvac(page, uniqueZip(), lonely);
    const none = await (await outboxRow(page, 'email', [lonely, 'No professional took your'])).innerText();
    expect(none).toContain('No professional took your HVAC request');
    expect(none).toContain('it was offered to nobody');
    expect(none).not.toContain('we offered');
    expect(none).not.toMatch(/\bhvac\b|home services|home_services/);

    // One contractor serves this one and lets the offer pass.
    const zip = uniqueZip();
    const username = `solo_${unique}`;
    const solo = await signUpByApi(env.baseUrl, {
      name: 'Solo Tech',
      business: `Solo Heating ${unique}`,
      email: `${username}@unsold-e2e.com`,
      phone: uniquePhone(),
      zip,
      user: username,
      sms: true,
    });
    // Its $25 signup credit is booked before the request arrives, so it can be offered the lead.
    await expect
      .poll(
        async () =>
          (await callFunction(env.baseUrl, 'contractors-dashboard', { token: solo.token })).body?.wallet_balance,
        { timeout: 20_000 },
      )
      .toBe(25);
    const offeredTo = `offered.${unique}@gmail.com`;
    await askForHvac(page, zip, offeredTo);
    await outboxRow(page, 'sms', ['/claim/', `ZIP ${zip}`]);
    const some = await (await outboxRow(page, 'email', [offeredTo, 'No professional took your'])).innerText();
    expect(some).toContain('we offered your HVAC request to 1 professional near you and none of them took it');
    expect(some).not.toMatch(/\bhvac\b|home services|home_services/);
    await context.close();
  }, 180_000);
});
