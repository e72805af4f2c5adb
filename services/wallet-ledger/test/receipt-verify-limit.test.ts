import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { service } from '../src/index.js';

// verify-lead-receipt is public: each address gets a few checks per window (shared by every
// instance through the key-value store), so a receipt code cannot be guessed one request at a time.
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp(service, buildApp, {
    env: { RECEIPT_VERIFY_RATE_LIMIT: '3', RECEIPT_VERIFY_RATE_WINDOW_SECONDS: '600' },
  });
});
afterAll(async () => {
  await app?.close();
});

const verify = (clientIp: string) =>
  app.app.inject({
    method: 'POST',
    url: '/.netlify/functions/verify-lead-receipt',
    headers: app.headers({ clientIp }),
    payload: { lead_id: randomUUID(), code: 'ab'.repeat(32) },
  });

describe('verify-lead-receipt per address', () => {
  it('answers three checks from one address, then 429 with Retry-After; another address goes on', async () => {
    for (let i = 0; i < 3; i++) expect((await verify('203.0.113.7')).statusCode).toBe(200);
    const refused = await verify('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many receipt checks from your address. Please wait a few minutes and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify('203.0.113.8')).statusCode).toBe(200);
  });
});
