import { MESSAGES } from '@leadmarket/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { createLogger } from '../src/logger.js';

// What a caller reads when something under its request fails: an outage (no database connection in
// time, a dropped connection) is a 503 "try again" with Retry-After; a bug is a 500; neither leaks
// the driver's words.
describe('error answers of every service', () => {
  const app = createApp({ logger: createLogger('test', 'silent') });
  app.get('/pool-exhausted', async () => {
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get('/connection-lost', async () => {
    throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  });
  app.get('/bug', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  afterAll(() => app.close());

  it.each(['/pool-exhausted', '/connection-lost'])('%s: an outage answers 503 with Retry-After', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ detail: MESSAGES.server.unavailable, message: MESSAGES.server.unavailable });
  });

  it('a bug answers 500 in plain words, without the error text', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(MESSAGES.server.internal);
    expect(res.body).not.toContain('undefined');
  });
});
