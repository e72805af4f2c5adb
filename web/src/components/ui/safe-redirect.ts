/**
 * A server-given redirect_url as an in-app path, or the fallback. Only same-origin targets are
 * followed, so a tampered answer cannot send the user (and their session) to another site.
 */
export function safeRedirectPath(redirectUrl: unknown, fallback: string): string {
  if (typeof redirectUrl !== 'string' || redirectUrl.trim() === '') return fallback;
  try {
    const url = new URL(redirectUrl, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
