import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInfra, createLogger } from '@leadmarket/platform';
import { freePort } from '@leadmarket/platform/testing';
import { startMarketplace, type Marketplace } from '@leadmarket/gateway';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { stackLog, watchPage } from './failure-report.js';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

export interface E2eEnv {
  baseUrl: string;
  marketplace: Marketplace;
  browser: Browser;
  /** A fresh browser context (own storage) with a page; mobile=true gives a 375 px wide viewport. */
  newPage(options?: { mobile?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** Save a full-page screenshot under e2e/screenshots/<name>.png (not committed). */
  screenshot(page: Page, name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded marketplace (as `npm start` runs it: in-memory PGlite, in-process bus and store,
 * the built SPA, development providers) on a free port, and Debian's Chromium driven by playwright-core.
 * Build the web app first (`npm run test:e2e` does). `env` adds settings for one test file.
 */
export async function startE2e(options: { env?: Record<string, string | undefined> } = {}): Promise<E2eEnv> {
  // TEST_LOG_LEVEL prints the stack's log; otherwise its warnings are kept for a failure's report.
  const logger = process.env.TEST_LOG_LEVEL
    ? createLogger('e2e', process.env.TEST_LOG_LEVEL)
    : createLogger('e2e', 'warn', stackLog);
  const infra = await createInfra({ logger });
  // Claim links, reset links and payment return URLs are built from the public base URL, so the
  // port is chosen first (below the ephemeral range: nothing else takes it meanwhile) and the
  // marketplace is told its own address.
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const marketplace = await startMarketplace({
    infra,
    logger,
    port,
    webRoot: WEB_ROOT,
    publicBaseUrl: baseUrl,
    rateLimitPerMinute: 100_000,
    relayPollMs: 200,
    // The journeys are about the screened answers (valid, rejected), not the bounded wait before
    // "we are checking it": on a busy machine, with several files' marketplaces at once, screening
    // can take longer than the default 1.5 s, so every file waits up to 15 s for the verdict. Extra
    // settings for one test file (e.g. a development-sink number that fails) go over both.
    env: { ...process.env, SCREENING_WAIT_MS: process.env.SCREENING_WAIT_MS ?? '15000', ...options.env },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl,
    marketplace,
    browser,
    async newPage({ mobile = false } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 },
        isMobile: mobile,
        hasTouch: mobile,
      });
      const page = await context.newPage();
      watchPage(page);
      return { context, page };
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
    },
    async stop() {
      await browser.close();
      await marketplace.stop();
      await infra.close();
    },
  };
}

/** True when the page scrolls sideways (the 375 px layout check). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  // Runs in the page: `globalThis.document` is the browser document.
  return page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return root.scrollWidth > root.clientWidth + 1;
  });
}
