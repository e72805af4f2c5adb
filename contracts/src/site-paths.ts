/**
 * The single-page app's routes (spec §2 table), shared by the web router and the gateway: the
 * gateway answers these with the app shell and status 200, and every other page path with the
 * shell and status 404 (the app shows its "Page not found"), so a wrong link is a real 404 to
 * browsers, crawlers and monitors. A web test keeps this list equal to the router's.
 */
export const SPA_PATHS = [
  '/',
  '/signup',
  '/contractors/signup',
  '/claim/:token',
  '/contractor/:contractorId',
  '/dashboard',
  '/login',
  '/contractor-login',
  '/admin',
  '/admin-login',
  '/admin-dashboard',
  '/lead-intake',
  '/hvac',
  '/legal',
  '/real-estate',
  '/finance',
  '/insurance',
  '/healthcare',
  '/auto',
  '/services/plumbing',
  '/thank-you',
  '/confirm/:token',
  '/welcome',
  '/reset-password',
  '/privacy-policy',
  '/terms-of-service',
  '/disclaimer',
  '/tcpa-notice',
  '/about-us',
  '/how-it-works',
  '/contact',
  '/launch-soon',
  '/contractor-waitlist',
  '/contractor-waitlist-confirmed',
  '/contractor-dashboard',
  '/verify-receipt',
] as const;

/** Public pages worth a search engine's visit (sitemap.xml): marketing, request forms, info and legal pages. */
export const SITEMAP_PATHS = [
  '/',
  '/lead-intake',
  '/services/plumbing',
  '/hvac',
  '/legal',
  '/real-estate',
  '/finance',
  '/insurance',
  '/healthcare',
  '/auto',
  '/signup',
  '/about-us',
  '/how-it-works',
  '/contact',
  '/launch-soon',
  '/privacy-policy',
  '/terms-of-service',
  '/disclaimer',
  '/tcpa-notice',
] as const;

/** Paths crawlers are asked to leave alone: accounts, claim links, admin, API and development pages. */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/admin-login',
  '/admin-dashboard',
  '/dashboard',
  '/contractor/',
  '/contractor-dashboard',
  '/claim/',
  '/welcome',
  '/reset-password',
  '/thank-you',
  '/confirm/',
  '/.netlify/',
  '/dev/',
] as const;

const PATTERNS = SPA_PATHS.map(
  (p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
);

/** True when the app has a page at this path (a trailing slash is the same page, as in the router). */
export function isSpaPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATTERNS.some((re) => re.test(clean));
}
