import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, signInContext, signUpByApi } from '../src/helpers.js';

// Webhooks in Chromium against the embedded marketplace: a contractor adds an endpoint in
// Settings → Integrations (a receiver this test runs on loopback), buys a lead on the dashboard,
// and the receiver gets lead.purchased signed so that the Standard Webhooks library from the npm
// registry verifies it (not our code). The delivery log shows the attempt; a replay from the log
// arrives with the same webhook-id.

const ZIP = '94112';

let env: E2eEnv;
let page: Page;
let receiver: Server;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(p: Page): Promise<string[]> {
  // evaluate, not an inline <script>: the CSP forbids those
  if (!(await p.evaluate(() => Boolean((globalThis as any).axe)))) await p.evaluate(AXE_SOURCE);
  const result = await p.evaluate(async () => (globalThis as any).axe.run((globalThis as any).document));
  return (result.violations as Array<{ id: string; nodes: Array<{ target: string[] }> }>).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

const tab = (p: Page, label: string) => p.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });

describe('webhooks in the browser', () => {
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // The receiver is on this machine: the development switch lets endpoints resolve to loopback.
    env = await startE2e({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    ({ page } = await env.newPage());
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('delivers a bought lead to the endpoint, signed, logged, and replayed with the same webhook-id', async () => {
    const unique = Date.now().toString(36);
    const session = await signUpByApi(env.baseUrl, {
      name: 'Ari Stone',
      business: `Stone Air ${unique}`,
      email: `ari.${unique}@stoneair-e2e.com`,
      phone: '(415) 555-0177',
      zip: ZIP,
      user: `ari_${unique}`,
      sms: false,
    });
    await signInContext(page, session);
    await page.goto(`/contractor/${session.contractorId}`);
    await page.getByRole('heading', { name: 'Welcome back, Ari Stone' }).waitFor({ timeout: 15_000 });

    // Settings → Integrations: add the endpoint; the signing secret is shown once.
    await tab(page, 'Settings').click();
    const card = page.getByTestId('webhooks');
    await card.getByText('You have no webhook endpoints yet.').waitFor({ timeout: 15_000 });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leadmarket`;
    await card.getByLabel('Endpoint address').fill(url);
    expect(await card.getByLabel('Lead purchased').isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await card.getByTestId('webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    const endpoint = card.getByTestId('webhook-endpoint');
    await endpoint.waitFor();
    expect(await endpoint.innerText()).toContain(url);
    await card.getByRole('button', { name: 'I have stored it, hide the secret' }).click();

    const submitted = await callFunction(env.baseUrl, 'leads-submit', {
      body: {
        customer_name: 'Robin Hooks',
        phone: '(415) 555-0188',
        email: 'robin.hooks@gmail.com',
        zip_code: ZIP,
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'Heat pump blows cold air in heating mode since yesterday. Two-storey house.',
        urgency: 'Standard',
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const leadId = submitted.body.lead_id as string;

    // The contractor buys it from the dashboard, as a person does.
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

    // The receiver gets lead.purchased; the Standard Webhooks library verifies its signature.
    await expect.poll(() => received.length, { timeout: 30_000, interval: 100 }).toBe(1);
    const [delivery] = received;
    const webhookId = delivery!.headers['webhook-id'] as string;
    expect(webhookId).toMatch(/^msg_/);
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      data: { lead_id: string; customer: Record<string, unknown>; job: Record<string, unknown> };
    };
    expect(payload.type).toBe('lead.purchased');
    expect(payload.data.lead_id).toBe(leadId);
    expect(payload.data.customer).toMatchObject({ name: 'Robin Hooks', email: 'robin.hooks@gmail.com' });
    expect(payload.data.job).toMatchObject({ service_label: 'HVAC', zip_code: ZIP });
    // Signed with another secret, the same delivery does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();

    // The delivery log shows it, with what the endpoint answered.
    await tab(page, 'Settings').click();
    await card.getByRole('button', { name: 'Show the delivery log' }).click();
    const row = card.locator(`[data-testid="webhook-message"][data-message-id="${webhookId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('delivered');
    expect(await row.innerText()).toContain('Lead purchased');
    expect(await row.getByTestId('webhook-attempt').first().innerText()).toContain('HTTP 204');

    // A replay from the log arrives again with the same webhook-id, and verifies.
    await row.getByRole('button', { name: /^Replay/ }).click();
    await expect.poll(() => received.length, { timeout: 30_000, interval: 100 }).toBe(2);
    const replayed = received[1]!;
    expect(replayed.headers['webhook-id']).toBe(webhookId);
    expect(new Webhook(secret).verify(replayed.body, replayed.headers as Record<string, string>)).toEqual(payload);
    await card.getByRole('button', { name: 'Refresh the log' }).click();
    await expect.poll(() => row.getByTestId('webhook-attempt').count(), { timeout: 15_000 }).toBe(2);
    expect(await row.getByTestId('webhook-attempt').nth(1).innerText()).toContain('(replay)');
    // The endpoint with its open log is as usable as the rest of Settings.
    expect(await axeViolations(page)).toEqual([]);
    await env.screenshot(page, 'settings-integrations-log');
  }, 180_000);
});
