import { functionPath, ROUTES, type FunctionName } from '@leadmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from '../src/harness.js';

// The API reference as an integrator opens it: /docs renders every function in Chromium under the
// gateway's Content-Security-Policy, with its assets from the gateway itself, and Chromium reports
// no policy violation; /openapi.json is the document it shows.

let env: E2eEnv;

describe('the API reference at /docs', () => {
  beforeAll(async () => {
    env = await startE2e();
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('serves the OpenAPI 3.1 document of every function at /openapi.json', async () => {
    const response = await fetch(`${env.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      (Object.keys(ROUTES) as FunctionName[]).map((name) => functionPath(name)).sort(),
    );
  });

  it('renders every function in Chromium with no CSP violation and nothing from another origin', async () => {
    const { context, page } = await env.newPage();
    const violations: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to (apply|execute|load|connect)/i.test(message.text()))
        violations.push(message.text());
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== env.baseUrl && url.protocol !== 'data:') foreign.push(request.url());
    });
    await page.addInitScript(() => {
      (globalThis as any).document.addEventListener('securitypolicyviolation', (e: any) => {
        (globalThis as any).__cspViolations = [
          ...((globalThis as any).__cspViolations ?? []),
          `${e.violatedDirective} ${e.blockedURI}`,
        ];
      });
    });
    const response = await page.goto('/docs');
    expect(response?.status()).toBe(200);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    // The site's own policy: the page needs no exception to it.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(await page.title()).toBe('leadmarket API reference');
    // Swagger UI fetched the document and drew one block per operation and one per webhook event.
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const document = (await (await fetch(`${env.baseUrl}/openapi.json`)).json()) as { webhooks?: object };
    const webhooks = Object.keys(document.webhooks ?? {}).length;
    expect(webhooks).toBeGreaterThan(0);
    const operations = await page.locator('.opblock').count();
    const expected = Object.values(ROUTES).reduce((n, route) => n + route.methods.length, 0) + webhooks;
    expect(operations).toBe(expected);
    await expect
      .poll(() => page.locator('.opblock-summary-path').first().textContent())
      .toContain('/.netlify/functions/');
    // One operation opened: its request and answer schemas show.
    await page.locator('#operations-lead-intake-leads-submit .opblock-summary').click();
    await page.waitForSelector('#operations-lead-intake-leads-submit .responses-table');
    await env.screenshot(page, 'api-docs');
    expect(await page.evaluate(() => (globalThis as any).__cspViolations ?? [])).toEqual([]);
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);
});
