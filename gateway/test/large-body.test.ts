import { request } from 'node:http';
import { MESSAGES } from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

// A body over the limit gets a 413 the client can read: the gateway lets it finish sending
// (bounded) before answering, instead of answering mid-upload and closing the socket under it.
let app: ServiceApp;
let url: string;
const SIZE = 5 * 1024 * 1024;

beforeAll(async () => {
  app = await buildGateway({ logger: testLogger(), kv: new MemoryKeyValueStore(), clients: new ServiceClients({}) });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
});

/** POST SIZE bytes in 64 KiB writes; resolves with the answer, or the first client-side error. */
function upload(chunked: boolean): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    let error: string | undefined;
    const req = request(`${url}/.netlify/functions/leads-submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': SIZE }) },
    });
    req.on('error', (e) => {
      error ??= e.message;
      resolve({ error });
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => setImmediate(() => resolve({ status: res.statusCode, body, error })));
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('a too-large body', () => {
  it.each([
    ['with a content length', false],
    ['chunked', true],
  ])('%s: the client finishes sending and reads the 413 JSON', async (_label, chunked) => {
    const answer = await upload(chunked);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body!)).toMatchObject({ message: MESSAGES.server.payloadTooLarge });
  });

  it('reaches fetch as a 413 too', async () => {
    const res = await fetch(`${url}/.netlify/functions/leads-submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(SIZE),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.server.payloadTooLarge);
  });
});
