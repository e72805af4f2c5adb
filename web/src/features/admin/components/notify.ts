import { ADMIN_BANNER_LONG_MS } from '@leadmarket/contracts/constants';
import { ApiError } from '../../../lib/api';
import { AdminSessionExpired } from '../api/admin-api';

/** Shows the green or red banner for a while (§9: 3 s for lead, pricing, refund and CSV messages, 5 s for others). */
export interface Notify {
  success(text: string, ms?: number): void;
  error(text: string, ms?: number): void;
}

/**
 * The banner text for a failed admin call (§8): the "Failed to …" text when the server answered
 * not ok, the "Error …" text when the request itself failed. A validation answer (400) shows the
 * server's own message, which is the spec's text for that case, and so does a 503 (the gateway's
 * words for which part of the site is down). Null when the session expired
 * (the page is already back at the login card).
 */
export function failureText(error: unknown, notOkText: string, requestFailedText: string): string | null {
  if (error instanceof AdminSessionExpired) return null;
  if (error instanceof ApiError) {
    if (error.status === 0) return requestFailedText;
    // A validation answer, or a part of the site that is down for now (the gateway names it).
    if ((error.status === 400 || error.status === 503) && error.serverMessage) return error.serverMessage;
    return notOkText;
  }
  return requestFailedText;
}

/** Report a failed call on the red banner (nothing when the session expired). */
export function reportFailure(
  notify: Notify,
  error: unknown,
  notOkText: string,
  requestFailedText: string,
  ms = ADMIN_BANNER_LONG_MS,
) {
  const text = failureText(error, notOkText, requestFailedText);
  if (text) notify.error(text, ms);
}
