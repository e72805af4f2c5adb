import type { EventData } from '@leadmarket/contracts';
import type { LeadRow } from '../db/lead.repository.js';

/**
 * The CustomerToBeTold event for a lead: its customer's contact goes to notification only, and only
 * when there is something to tell (sold, every offer round passed, or it expired unoffered because
 * its phone was never confirmed). A deleted lead's contact is
 * erased, so it tells nothing.
 */
export function customerNotice(
  lead: LeadRow,
  outcome: 'sold' | 'unsold' | 'unconfirmed',
  contractorId: string | null,
  at: Date,
  /** Unsold: how many contractors were offered it, when matching said. */
  offered?: number,
  /** Sold: the sale, which with the job goes to the buyer's webhook. */
  sale?: { purchase_id: string; price_cents: number; channel: 'dashboard' | 'claim'; purchased_at: string },
): { type: 'CustomerToBeTold'; data: EventData<'CustomerToBeTold'> } | undefined {
  if (lead.status === 'deleted' || !lead.phone) return undefined;
  return {
    type: 'CustomerToBeTold',
    data: {
      lead_id: lead.id,
      outcome,
      contractor_id: contractorId,
      customer_name: lead.customer_name,
      phone: lead.phone,
      email: lead.email,
      service_category: lead.service_category,
      sub_service: lead.sub_service,
      occurred_at: at.toISOString(),
      ...(offered === undefined ? {} : { offered }),
      ...(sale
        ? {
            ...sale,
            zip_code: lead.zip_code,
            description: lead.description,
            urgency: lead.urgency,
            requested_at: lead.created_at.toISOString(),
          }
        : {}),
    },
  };
}
