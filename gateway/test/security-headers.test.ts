import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp, type ServiceUrls } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { inlineHashes } from '../src/security-headers.js';

const INLINE_SCRIPT = "(function(){document.documentElement.dataset.ok='1'})()";
const INLINE_STYLE = 'body{margin:0}';
const INDEX = `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" crossorigin src="/assets/index-abc.js"></script><style>${INLINE_STYLE}</style></head><body><div id="root"></div></body></html>`;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let webRoot: string;
let upstream: http.Server;
let urls: ServiceUrls;
const gateways: ServiceApp[] = [];

async function gateway(production: boolean) {
  const app = await buildGateway({
    logger: testLogger(),
    kv: new MemoryKeyValueStore(),
    clients: new ServiceClients(urls, 'internal-token-for-tests'),
    internalToken: 'internal-token-for-tests',
    webRoot,
    devPages: !production,
    production,
  });
  gateways.push(app);
  return app;
}

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'lm-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)');
  // Every service answers like a real function: 200 JSON.
  upstream = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ industries: [] }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  urls = Object.fromEntries(SERVICE_NAMES.map((s) => [s, base]));
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await new Promise((r) => upstream?.close(r));
  rmSync(webRoot, { recursive: true, force: true });
});

function expectCoreHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: no inline script`).not.toContain('unsafe-inline');
  expect(csp, `${what}: no eval`).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(['strict-origin-when-cross-origin', 'no-referrer'], what).toContain(headers['referrer-policy']);
}

describe('security headers', () => {
  it('hashes exactly the inline script and style of index.html', () => {
    expect(inlineHashes(INDEX)).toEqual({ scripts: [hashOf(INLINE_SCRIPT)], styles: [hashOf(INLINE_STYLE)] });
  });

  it('are on the start page, a deep SPA route, an asset and a function answer', async () => {
    const app = await gateway(false);
    for (const url of ['/', '/contractor/c-1/settings', '/assets/index-abc.js', '/.netlify/functions/industries']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectCoreHeaders(res.headers, url);
      // Development over plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/hvac' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' ${escape(hashOf(INLINE_SCRIPT))}`));
    expect(csp).toMatch(new RegExp(`style-src 'self' ${escape(hashOf(INLINE_STYLE))}`));
    expect(csp).toContain("object-src 'none'");
  });

  it('error answers carry them too (unknown function, wrong method)', async () => {
    const app = await gateway(false);
    for (const [method, url] of [
      ['GET', '/.netlify/functions/no-such-function'],
      ['DELETE', '/.netlify/functions/industries'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectCoreHeaders(res.headers, `${method} ${url}`);
    }
  });

  it('claim links (a bearer token in the URL) send no referrer at all', async () => {
    const app = await gateway(false);
    const res = await app.inject({ method: 'GET', url: '/claim/secret-claim-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expectCoreHeaders(res.headers, '/claim/…');
  });

  it('production adds HSTS', async () => {
    const app = await gateway(true);
    for (const url of ['/', '/.netlify/functions/industries']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      expectCoreHeaders(res.headers, url);
    }
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
