import type { PurchasedLeadResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { getAs, type Session } from './client';

/** One bought lead with its customer's contact (get-purchased-lead). */
export type PurchasedLeadContact = z.infer<typeof PurchasedLeadResponseSchema>['lead'];

/**
 * get-purchased-lead: one lead this contractor bought, with the contact, from its holder. It answers
 * as soon as the sale does, before the Purchased list (which follows the sale by an event) has it.
 */
export const getPurchasedLead = async (s: Session, leadId: string): Promise<PurchasedLeadContact> =>
  (await getAs<z.infer<typeof PurchasedLeadResponseSchema>>(s, 'get-purchased-lead', { lead_id: leadId })).lead;
