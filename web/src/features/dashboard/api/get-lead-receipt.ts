import type { LeadReceipt } from '@leadmarket/contracts';
import { getAs, type Session } from './client';

/** get-lead-receipt: the buyer's receipt of one lead (proof of exclusivity). */
export const getLeadReceipt = (s: Session, leadId: string) =>
  getAs<LeadReceipt>(s, 'get-lead-receipt', { lead_id: leadId });
