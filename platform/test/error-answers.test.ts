import { connect, type AddressInfo } from 'node:net';
import { MESSAGES } from '@leadmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Send `request` on a raw socket and read everything until the server closes the connection. */
async function rawExchange(port: number, request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(request);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

describe('requests Node cannot parse', () => {
  const app = createApp({ logger: createLogger('test', 'silent') });
  app.get('/', async () => ({ ok: true }));
  let port = 0;
  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());
  const tooLarge = (method: string) =>
    `${method} / HTTP/1.1\r\nHost: localhost\r\nCookie: ${'x'.repeat(64 * 1024)}\r\n\r\n`;

  it('headers too large: 431 in plain words, and no body to a HEAD', async () => {
    const get = await rawExchange(port, tooLarge('GET'));
    expect(get).toMatch(/^HTTP\/1\.1 431 /);
    const [, body] = get.split('\r\n\r\n');
    expect(JSON.parse(body!).message).toContain('request headers are too large');

    const head = await rawExchange(port, tooLarge('HEAD'));
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    expect(head.split('\r\n\r\n')[1]).toBe('');
  });
});
