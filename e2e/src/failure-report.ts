import type { Page } from 'playwright-core';

/**
 * What a failed browser test prints beside its error, so a failure in CI (where nothing else of
 * the run is kept) says what happened: the embedded stack's warnings and errors, and the texts the
 * open pages showed in their banners and status regions when the test failed.
 */
const MAX_LINES = 200;
const stackLines: string[] = [];
const openPages = new Set<Page>();

/** The stack's log (warn and above, as JSON lines), kept in memory, the last MAX_LINES of it. */
export const stackLog: { write(line: string): void } = {
  write(line: string) {
    stackLines.push(line.trimEnd());
    if (stackLines.length > MAX_LINES) stackLines.splice(0, stackLines.length - MAX_LINES);
  },
};

/** A page whose banners a failure report reads (until it closes). */
export function watchPage(page: Page): void {
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
}

/** The report: every open page's URL and status texts, then the stack's log lines. */
export async function failureReport(): Promise<string> {
  const pages = await Promise.all(
    [...openPages].map(async (page) => {
      const texts = await page
        .locator('[role="status"], [role="alert"]')
        .allInnerTexts()
        .catch((error: unknown) => [`(could not read the page: ${String(error)})`]);
      const shown = texts.map((t) => t.trim()).filter(Boolean);
      return `  ${page.url()}\n${shown.length ? shown.map((t) => `    ${t.replace(/\s+/g, ' ')}`).join('\n') : '    (no banner or status text)'}`;
    }),
  );
  return [
    'open pages and what their banners and status regions said:',
    ...(pages.length ? pages : ['  (none)']),
    `the stack's warnings and errors (${stackLines.length}):`,
    ...(stackLines.length ? stackLines.map((l) => `  ${l}`) : ['  (none)']),
  ].join('\n');
}
