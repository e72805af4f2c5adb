import { functionPath } from '@leadmarket/contracts';
import { buildTestApp, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { LeadIntakeContext } from '../src/context.js';
import { service } from '../src/index.js';

// lead-intake alone, built without listening and called with fastify's inject; the headers are
// what the gateway adds (the per-IP limits key on its client-address header).
let app: TestApp<LeadIntakeContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp, { env: { SITE_FORM_RATE_LIMIT: '2', SITE_PAGE_VIEW_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await app?.close();
});

const post = (name: Parameters<typeof functionPath>[0], payload: object, clientIp = '203.0.113.7') =>
  app.app.inject({ method: 'POST', url: functionPath(name), headers: app.headers({ clientIp }), payload });

it('limits each form and page views per IP with a 429', async () => {
  const contact = { name: 'A', email: 'a@example.com', message: 'hi' };
  expect((await post('contact', contact)).statusCode).toBe(200);
  expect((await post('contact', contact)).statusCode).toBe(200);
  const refused = await post('contact', contact);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeTruthy();
  // Another address has its own budget.
  expect((await post('contact', contact, '203.0.113.8')).statusCode).toBe(200);
  // Each form has its own budget.
  const signup = {
    first_name: 'A',
    last_name: 'B',
    company: 'C',
    email: 'c@example.com',
    phone: '5551234567',
    trade: 'hvac',
  };
  expect((await post('contractor-waitlist-signup', signup)).statusCode).toBe(200);
  expect((await post('contractor-waitlist-signup', signup)).statusCode).toBe(200);
  expect((await post('contractor-waitlist-signup', signup)).statusCode).toBe(429);
  for (let i = 0; i < 3; i++)
    expect((await post('track-page-view', { page_path: '/launch-soon' })).statusCode).toBe(200);
  expect((await post('track-page-view', { page_path: '/launch-soon' })).statusCode).toBe(429);
});
