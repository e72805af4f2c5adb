import { randomUUID } from 'node:crypto';
import { createApp } from '@leadmarket/platform';
import { testLogger, waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpFundedContractor, startTestStack, uniqueZip, type TestStack } from '../src/testing/test-stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const scrape = async () => {
  const res = await fetch(`${stack.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

/** The sum of a metric's samples whose labels include `labels` (undefined when none is there). */
function sum(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

describe('/metrics of the embedded marketplace (the gateway serves every service)', () => {
  it('moves the HTTP, consumer, event and notification metrics after a lead and a purchase', async () => {
    const before = await scrape();
    const zip = uniqueZip('3');
    const contractor = await signUpFundedContractor(stack, { sub_service: 'hvac', zip_codes: zip });
    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: 'Bob Jones',
        phone: '(617) 555-0142',
        zip_code: zip,
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'AC not cooling at all',
        email: `bob.${randomUUID().slice(0, 8)}@example.com`,
      },
    });
    expect(submit.status).toBeLessThan(300);
    const leadId = submit.body.lead_id as string;
    const bought = await waitFor(async () => {
      const res = await stack.call('purchase-lead', {
        body: { lead_id: leadId, contractor_id: contractor.id, session_token: contractor.token },
      });
      return res.status === 200 ? res : undefined;
    }, 'the lead bought (once wallet-ledger priced it)');
    expect(bought.body).toMatchObject({ success: true });

    const grew = (text: string, name: string, labels: Record<string, string>) =>
      (sum(text, name, labels) ?? 0) > (sum(before, name, labels) ?? 0);
    const after = await waitFor(async () => {
      const text = await scrape();
      return grew(text, 'leadmarket_events_published_total', { event_type: 'LeadPurchased' }) &&
        grew(text, 'leadmarket_notifications_total', { channel: 'sms', outcome: 'sent' })
        ? text
        : undefined;
    }, 'the purchase published and the offer SMS sent');

    const duration = 'leadmarket_http_request_duration_seconds_count';
    expect(grew(after, duration, { service: 'gateway', function: 'leads-submit', method: 'POST' })).toBe(true);
    expect(grew(after, duration, { service: 'lead-intake', function: 'leads-submit', method: 'POST' })).toBe(true);
    expect(grew(after, duration, { service: 'wallet-ledger', function: 'purchase-lead', status_code: '200' })).toBe(
      true,
    );
    expect(
      sum(after, 'leadmarket_http_request_duration_seconds_bucket', { function: 'purchase-lead', le: '+Inf' }),
    ).toBeGreaterThan(0);
    const handled = 'leadmarket_consumer_handle_duration_seconds_count';
    expect(grew(after, handled, { service: 'wallet-ledger', event_type: 'LeadScreened', outcome: 'ok' })).toBe(true);
    expect(grew(after, handled, { service: 'matching', event_type: 'LeadPriced', outcome: 'ok' })).toBe(true);
    expect(grew(after, 'leadmarket_events_published_total', { event_type: 'WalletFunded' })).toBe(true);
    expect(grew(after, 'leadmarket_events_published_total', { event_type: 'LeadScreened' })).toBe(true);
    // Gauges sampled at the scrape: each service's outbox, each consumer's queue and dead letters.
    for (const service of ['lead-intake', 'wallet-ledger', 'matching', 'notification', 'contractors', 'admin']) {
      expect(sum(after, 'leadmarket_outbox_backlog', { service }), service).toBeGreaterThanOrEqual(0);
      expect(sum(after, 'leadmarket_outbox_oldest_unpublished_seconds', { service }), service).toBeGreaterThanOrEqual(
        0,
      );
    }
    for (const service of ['wallet-ledger', 'matching', 'notification']) {
      expect(sum(after, 'leadmarket_queue_messages', { service }), service).toBeGreaterThanOrEqual(0);
      expect(sum(after, 'leadmarket_dead_letters', { service }), service).toBe(0);
    }
    expect(after).toContain('# TYPE leadmarket_consumer_redeliveries_total counter');
    expect(after).toContain('process_cpu_seconds_total');
  });
});

describe('who may read /metrics', () => {
  const appWith = (access: { token?: string; production: boolean }) =>
    createApp({ logger: testLogger(), internalToken: 'internal-token-123456', metrics: access });

  it('answers a scraper with the metrics token and refuses one without (401)', async () => {
    const app = appWith({ token: 'metrics-token-123456', production: true });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-123456' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('leadmarket_http_request_duration_seconds');
    await app.close();
  });

  it('serves nothing in production without a metrics token (404), and is open in development', async () => {
    const production = appWith({ production: true });
    expect((await production.inject({ url: '/metrics' })).statusCode).toBe(404);
    const development = appWith({ production: false });
    expect((await development.inject({ url: '/metrics' })).statusCode).toBe(200);
    await production.close();
    await development.close();
  });
});
