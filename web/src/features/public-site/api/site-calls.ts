import type { VerifyReceiptResponse } from '@leadmarket/contracts';
import { callFunction } from '../../../lib/api';

/** Contact message as our own contact function takes it; `website` is the bot trap and stays empty. */
export interface ContactInput {
  name: string;
  email: string;
  message: string;
  subject: string;
  website: string;
}

/** Waitlist signup (spec §3). */
export interface WaitlistInput {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  trade: string;
}

/** POST contact. */
export const sendContactMessage = (body: ContactInput) =>
  callFunction<{ message?: string }>('contact', { method: 'POST', body });

/** POST contractor-waitlist-signup; the answer may carry where to go next. */
export const joinWaitlist = (body: WaitlistInput) =>
  callFunction<{ redirect_url?: string; message?: string }>('contractor-waitlist-signup', { method: 'POST', body });

/** POST track-page-view (fire and forget: a failed count must never disturb the visitor). */
export function trackPageView(pagePath: string): void {
  callFunction('track-page-view', { method: 'POST', body: { page_path: pagePath } }).catch(() => undefined);
}

/** What verify-lead-receipt answers: valid or not, in plain words (the contract's type only: no schema code in the public bundle). */
export type ReceiptVerdict = VerifyReceiptResponse;

/** POST verify-lead-receipt with the lead id and code from a receipt (public). */
export const verifyReceipt = (body: { lead_id: string; code: string }) =>
  callFunction<ReceiptVerdict>('verify-lead-receipt', { method: 'POST', body });
