import { ROBOTS_DISALLOWED, SITEMAP_PATHS } from '@leadmarket/contracts';

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** robots.txt: crawl the public pages, leave accounts, claim links, admin, API and dev pages alone. */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml of the public pages (absolute URLs on the site's public address). */
export function sitemapXml(baseUrl: string): string {
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${xmlEscape(`${baseUrl}${p === '/' ? '/' : p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
