import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { SITE_FORM_RATE_LIMIT: '2', SITE_PAGE_VIEW_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await stack?.stop();
});

it('limits each form and page views per IP with a 429', async () => {
  const contact = { name: 'A', email: 'a@example.com', message: 'hi' };
  expect((await stack.call('contact', { body: contact })).status).toBe(200);
  expect((await stack.call('contact', { body: contact })).status).toBe(200);
  const refused = await stack.call('contact', { body: contact });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  // Each form has its own budget.
  const signup = {
    first_name: 'A',
    last_name: 'B',
    company: 'C',
    email: 'c@example.com',
    phone: '5551234567',
    trade: 'hvac',
  };
  expect((await stack.call('contractor-waitlist-signup', { body: signup })).status).toBe(200);
  expect((await stack.call('contractor-waitlist-signup', { body: signup })).status).toBe(200);
  expect((await stack.call('contractor-waitlist-signup', { body: signup })).status).toBe(429);
  for (let i = 0; i < 3; i++)
    expect((await stack.call('track-page-view', { body: { page_path: '/launch-soon' } })).status).toBe(200);
  expect((await stack.call('track-page-view', { body: { page_path: '/launch-soon' } })).status).toBe(429);
});
