import { createHmac } from 'node:crypto';

/** The UTC calendar day of a moment, as YYYY-MM-DD (page views are counted per path per day). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A visitor's key for one day: HMAC-SHA256 of day, IP and user agent under a secret salt.
 * Distinct visitors can be counted per day, yet the key cannot be turned back into an IP and
 * the same visitor gets an unrelated key the next day.
 */
export function visitorKey(salt: string, day: string, ip: string, userAgent: string): string {
  return createHmac('sha256', salt).update(`${day}\n${ip}\n${userAgent}`).digest('hex');
}
