import { readFileSync } from 'node:fs';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

// The reference the gateway serves is the one the repository keeps (docs/openapi.json, checked
// current by scripts/openapi.test.ts), and /docs is served from the gateway under its own policy.
let app: ServiceApp;

beforeAll(async () => {
  // No service is asked: the reference is built from the contracts.
  const urls = Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'http://127.0.0.1:9']));
  app = await buildGateway({
    logger: testLogger(),
    kv: new MemoryKeyValueStore(),
    clients: new ServiceClients(urls, 'internal-token-for-tests'),
    internalToken: 'internal-token-for-tests',
  });
});
afterAll(() => app?.close());

describe('the API reference on the gateway', () => {
  it('serves at /openapi.json the document kept in docs/openapi.json', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const kept = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(res.json()).toEqual(kept);
  });

  it('serves Swagger UI at /docs with its assets from the gateway, under the same CSP as every page', async () => {
    const page = await app.inject({ url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>leadmarket API reference</title>');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source, 'no asset from another origin').toMatch(/^\/docs\/static\//);
      expect((await app.inject({ url: source })).statusCode, source).toBe(200);
    }
    const json = await app.inject({ url: '/docs/json' });
    expect(json.json().openapi).toBe('3.1.0');
    const other = await app.inject({ url: '/robots.txt' });
    expect(page.headers['content-security-policy']).toBe(other.headers['content-security-policy']);
  });
});
