import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasHorizontalScroll, startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, signInContext, signUpByApi } from '../src/helpers.js';

// Settings → API keys in Chromium against the embedded marketplace: a contractor creates a key,
// sees it once, a tool (this test, over HTTP) reads the bought-leads list with it and the list
// then shows when it was last used; the contractor revokes it and the tool's next call is refused.

let env: E2eEnv;
let page: Page;

/** What sticks out past the viewport, for a failure's message (a table's cells scroll inside it, but an absolutely placed child does not). */
async function overflowing(p: Page): Promise<string> {
  return p.evaluate(() => {
    const doc = (globalThis as any).document;
    const width = doc.documentElement.clientWidth;
    return [...doc.querySelectorAll('body *')]
      .filter((el: any) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 8)
      .map(
        (el: any) =>
          `${el.tagName.toLowerCase()}.${String(el.className)} (${Math.round(el.getBoundingClientRect().right)}px)`,
      )
      .join(', ');
  });
}

const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

describe('personal API keys in the browser', () => {
  beforeAll(async () => {
    env = await startE2e();
    ({ page } = await env.newPage());
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('creates a key shown once, calls the API with it, then revokes it and sees the call refused', async () => {
    const unique = Date.now().toString(36);
    const session = await signUpByApi(env.baseUrl, {
      name: 'Ola Nordmann',
      business: `Nordmann Plumbing ${unique}`,
      email: `ola.${unique}@nordmann-e2e.com`,
      phone: '(415) 555-0177',
      zip: '94112',
      user: `ola_${unique}`,
      sms: false,
    });
    await signInContext(page, session);
    await page.goto(`/contractor/${session.contractorId}`);
    await page.getByRole('heading', { name: 'Welcome back, Ola Nordmann' }).waitFor({ timeout: 15_000 });
    await tab(page, 'Settings').click();

    const card = page.getByTestId('api-keys');
    await card.getByText('You have no API keys yet.').waitFor({ timeout: 15_000 });
    await card.getByLabel('Key name').fill('Jobber sync');
    await card.getByRole('button', { name: 'Create API key' }).click();
    const secret = (await card.getByTestId('api-key-value').innerText({ timeout: 15_000 })).trim();
    expect(secret).toMatch(/^lm_[A-Za-z0-9_-]{43}$/);
    const row = card.getByTestId('api-key-row');
    await row.waitFor();
    expect(await row.innerText()).toContain('Read purchased leads');
    expect(await row.innerText()).toContain(`lm_…${secret.slice(-4)}`);
    expect(await card.getByTestId('api-key-last-used').innerText()).toBe('Never');
    await env.screenshot(page, 'settings-api-key-created');

    // A tool calls with the key: allowed on what its permission covers, refused elsewhere.
    const read = await callFunction(env.baseUrl, 'get-purchased-leads', { token: secret });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const buy = await callFunction(env.baseUrl, 'purchase-lead', { token: secret, body: { lead_id: 'x' } });
    expect(buy.status).toBe(403);

    // Shown once: after a reload the list has the key's last four characters only, and its last use.
    await page.reload();
    await tab(page, 'Settings').click();
    await card.getByTestId('api-key-row').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('api-key-value').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    expect(await card.getByTestId('api-key-last-used').innerText()).not.toBe('Never');

    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Revoke Jobber sync' }).click();
    await card.getByText('You have no API keys yet.').waitFor({ timeout: 15_000 });
    const refused = await callFunction(env.baseUrl, 'get-purchased-leads', { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain('not valid');
  }, 90_000);

  it('fits a 375 px screen with a new key shown and listed', async () => {
    const unique = Date.now().toString(36);
    const session = await signUpByApi(env.baseUrl, {
      name: 'Kari Nordmann',
      business: `Nordmann Roofing ${unique}`,
      email: `kari.${unique}@nordmann-e2e.com`,
      phone: '(415) 555-0178',
      zip: '94112',
      user: `kari_${unique}`,
      sms: false,
    });
    const mobile = await env.newPage({ mobile: true });
    await signInContext(mobile.page, session);
    await mobile.page.goto(`/contractor/${session.contractorId}`);
    await mobile.page.getByRole('heading', { name: 'Welcome back, Kari Nordmann' }).waitFor({ timeout: 15_000 });
    await tab(mobile.page, 'Settings').click();
    const card = mobile.page.getByTestId('api-keys');
    await card.getByLabel('Key name').fill('Zapier');
    await card.getByRole('button', { name: 'Create API key' }).click();
    await card.getByTestId('api-key-row').waitFor({ timeout: 15_000 });
    expect(await hasHorizontalScroll(mobile.page), await overflowing(mobile.page)).toBe(false);
    await env.screenshot(mobile.page, 'settings-api-key-mobile');
    await mobile.context.close();
  }, 60_000);
});
