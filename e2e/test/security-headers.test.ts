import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from '../src/harness.js';

// The built SPA under the gateway's Content-Security-Policy (no inline script but the hashed
// route-preload one, the inlined entry CSS by hash): every page renders, styled, and Chromium
// reports no policy violation.

let env: E2eEnv;

describe('the SPA under its security headers', () => {
  beforeAll(async () => {
    env = await startE2e();
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('renders the start page, deep routes and a claim link with no CSP violation', async () => {
    const { context, page } = await env.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to (apply|execute|load)/i.test(message.text()))
        violations.push(message.text());
    });
    await page.addInitScript(() => {
      (globalThis as any).document.addEventListener('securitypolicyviolation', (e: any) => {
        (globalThis as any).__cspViolations = [...((globalThis as any).__cspViolations ?? []), e.violatedDirective];
      });
    });
    for (const path of ['/', '/hvac', '/contractor-login', '/claim/not-a-real-token', '/admin']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const headers = response!.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
      // The app mounted (scripts ran) and the inlined entry CSS applied (a style rule from it took effect).
      await page.waitForFunction(() => (globalThis as any).document.querySelector('#root')?.children.length > 0);
      const styled = await page.evaluate(() => {
        const doc = (globalThis as any).document;
        const sheets = [...doc.styleSheets].filter((s: any) => !s.href);
        return sheets.some((s: any) => s.cssRules.length > 0);
      });
      expect(styled, `${path}: the inlined entry CSS is applied`).toBe(true);
      const fromPage = await page.evaluate(() => (globalThis as any).__cspViolations ?? []);
      expect(fromPage, path).toEqual([]);
    }
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});
