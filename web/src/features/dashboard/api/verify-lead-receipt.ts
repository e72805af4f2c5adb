import type { LeadReceipt, VerifyReceiptResponse } from '@leadmarket/contracts';
import { callFunction } from '../../../lib/api';

/** verify-lead-receipt: the public check anyone can make of a receipt (no session sent). */
export const verifyReceipt = (body: { receipt?: LeadReceipt['receipt']; lead_id?: string; code: string }) =>
  callFunction<VerifyReceiptResponse>('verify-lead-receipt', { method: 'POST', body });
