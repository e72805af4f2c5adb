/**
 * The customer's phone confirmation (screening's public functions, docs/adr/0045): the code typed
 * on the thank-you panel, the one-tap link's token, a new code. Shapes from the contract (type-only).
 */
import type { ContactConfirmation } from '@leadmarket/contracts';
import { callFunction } from '../../../lib/api';

export type { ContactConfirmation };

/** GET leads-confirm-status. */
export const confirmationStatus = (leadId: string) =>
  callFunction<ContactConfirmation>('leads-confirm-status', { query: { lead_id: leadId } });

/** POST leads-confirm-phone with the code from the text message. */
export const confirmWithCode = (leadId: string, code: string) =>
  callFunction<ContactConfirmation>('leads-confirm-phone', { method: 'POST', body: { lead_id: leadId, code } });

/** POST leads-confirm-phone with the one-tap link's token. */
export const confirmWithLink = (token: string) =>
  callFunction<ContactConfirmation>('leads-confirm-phone', { method: 'POST', body: { token } });

/** POST leads-confirm-resend: a new code to the same number. */
export const resendCode = (leadId: string) =>
  callFunction<ContactConfirmation>('leads-confirm-resend', { method: 'POST', body: { lead_id: leadId } });

/** POST leads-change-phone: the right number for the request (lead-intake keeps the contact). */
export const changePhone = (leadId: string, idempotencyKey: string, phone: string) =>
  callFunction<{ success: true; message: string }>('leads-change-phone', {
    method: 'POST',
    body: { lead_id: leadId, idempotency_key: idempotencyKey, phone },
  });
