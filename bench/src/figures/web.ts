import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface WebPageFigure {
  path: string;
  performance: number;
  accessibility: number;
  scriptGzipKb: number;
}

/** Figure 5: Lighthouse (mobile settings) on the given pages, and the gzip size of the JavaScript each one loads. */
export async function webFigure(base: string, paths: string[]): Promise<WebPageFigure[]> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // chrome-launcher reports a missing browser as an unhandled 'error' event that kills the process
  // (and leaves the stack running): say so here instead, as a figure's error.
  if (!existsSync(chromePath))
    throw new Error(`no browser at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  // Without the built site the gateway has no pages to serve, and Lighthouse scores its error page 0.
  if (!existsSync(`${DIST}/index.html`)) throw new Error('the web app is not built (npm run build -w web)');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const out: WebPageFigure[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
      const requests: Array<{ url: string; resourceType: string }> =
        (
          lhr.audits['network-requests']?.details as
            { items?: Array<{ url: string; resourceType: string }> } | undefined
        )?.items ?? [];
      let gzip = 0;
      for (const r of requests) {
        if (r.resourceType !== 'Script') continue;
        const file = new URL(r.url).pathname;
        try {
          gzip += gzipSync(readFileSync(`${DIST}${file}`)).length;
        } catch {
          /* not one of ours */
        }
      }
      out.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        scriptGzipKb: gzip / 1024,
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
