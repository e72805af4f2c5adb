import { MESSAGES } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../src/config.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { ADMIN_LOGIN_MAX_ATTEMPTS: '3' } });
});
afterAll(async () => {
  await stack?.stop();
});

it('throttles admin-login per IP: every attempt counts, and even the right password is refused past the limit', async () => {
  for (let i = 0; i < 3; i++)
    expect((await stack.call('admin-login', { body: { password: `guess-${i}` } })).status).toBe(401);
  const refused = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe(MESSAGES.server.rateLimited);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
});
