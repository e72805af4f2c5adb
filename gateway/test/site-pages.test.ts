import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPA_PATHS } from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

describe('gateway site pages: the app shell, a real 404, robots.txt and sitemap.xml', () => {
  let gateway: ServiceApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'lm-web-'));
    writeFileSync(join(webRoot, 'index.html'), SHELL);
    gateway = await buildGateway({
      logger: testLogger(),
      kv: new MemoryKeyValueStore(),
      clients: new ServiceClients({}),
      webRoot,
      publicBaseUrl: 'https://leads.example.com/',
    });
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers every route of the app with the shell and 200', async () => {
    for (const pattern of SPA_PATHS) {
      const url = pattern.replace(/:[A-Za-z]+/g, 'abc123');
      const res = await gateway.inject({ method: 'GET', url: `${url}?x=1` });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(SHELL);
    }
    expect((await gateway.inject({ method: 'GET', url: '/hvac/' })).statusCode).toBe(200);
  });

  it('answers an unknown page path with the shell (its "Page not found") and 404', async () => {
    for (const url of ['/no-such-page', '/services/roofing', '/claim', '/claim/a/b', '/hvac.php']) {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(SHELL);
    }
    expect((await gateway.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('serves a real robots.txt and sitemap.xml on the public address', async () => {
    const robots = await gateway.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /claim/');
    expect(robots.body).toContain('Sitemap: https://leads.example.com/sitemap.xml');
    expect(robots.body).not.toContain('<html');

    const sitemap = await gateway.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toMatch(/^<\?xml version="1.0"/);
    expect(sitemap.body).toContain('<loc>https://leads.example.com/</loc>');
    expect(sitemap.body).toContain('<loc>https://leads.example.com/lead-intake</loc>');
    expect(sitemap.body).toContain('<loc>https://leads.example.com/hvac</loc>');
    expect(sitemap.body).not.toContain('/admin');
    expect(sitemap.body).not.toContain('/claim');
  });
});
