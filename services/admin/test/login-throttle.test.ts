import { functionPath, MESSAGES } from '@leadmarket/contracts';
import { buildTestApp, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEV_ADMIN_PASSWORD } from '../src/config.js';
import type { AdminContext } from '../src/context.js';
import { service } from '../src/index.js';

// admin alone, built without listening and called with fastify's inject (the gateway's headers added by hand).
let app: TestApp<AdminContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp, { env: { ADMIN_LOGIN_MAX_ATTEMPTS: '3' } });
});
afterAll(async () => {
  await app?.close();
});

const login = (password: string) =>
  app.app.inject({
    method: 'POST',
    url: functionPath('admin-login'),
    headers: app.headers({ clientIp: '198.51.100.4' }),
    payload: { password },
  });

it('throttles admin-login per IP: every attempt counts, and even the right password is refused past the limit', async () => {
  for (let i = 0; i < 3; i++) expect((await login(`guess-${i}`)).statusCode).toBe(401);
  const refused = await login(DEV_ADMIN_PASSWORD);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(MESSAGES.server.rateLimited);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});
