import { centsToDollars, type InternalOffer } from '@leadmarket/contracts';
import type { LeadRow } from '../db/lead.repository.js';
import { maskCustomerName, maskPhone } from './mask.js';

const iso = (d: Date | string | null): string => (d == null ? '' : new Date(d).toISOString());

/** What matching knows of the contact before the sale (docs/adr/0045-phone-confirmed-before-the-offer.md). */
export type ContactFacts = Pick<InternalOffer, 'phone_confirmed_at' | 'line_type' | 'email_present'>;

/**
 * The claim page before the claim: contact masked (DESIGN §2); `price` in dollars as fixed at
 * screening, when known; what is known of the contact, when matching said.
 */
export const claimPreview = (lead: LeadRow, priceCents: number | null = lead.price_cents, facts?: ContactFacts) => ({
  id: lead.id,
  customer_name: maskCustomerName(lead.customer_name),
  phone: maskPhone(lead.phone),
  zip_code: lead.zip_code,
  service_category: lead.service_category,
  sub_service: lead.sub_service,
  description: lead.description,
  urgency: lead.urgency,
  price: priceCents == null ? null : centsToDollars(priceCents),
  created_at: iso(lead.created_at),
  ...(facts
    ? {
        phone_confirmed_at: facts.phone_confirmed_at ?? null,
        line_type: facts.line_type ?? null,
        email_present: facts.email_present ?? null,
      }
    : {}),
});

/** The lead with its full contact, for the contractor who bought it. */
export const leadWithContact = (lead: LeadRow, priceCents: number | null = lead.price_cents) => ({
  ...claimPreview(lead, priceCents),
  customer_name: lead.customer_name,
  phone: lead.phone,
  email: lead.email,
});

/** The one list a bought lead is in (a refund outranks its state, docs/adr/0005). */
const boughtStatus = (lead: LeadRow): 'purchased' | 'completed' | 'archived' | 'refunded' =>
  lead.refunded_at ? 'refunded' : lead.status === 'completed' || lead.status === 'archived' ? lead.status : 'purchased';

/** The outcome the buyer recorded (docs/adr/0047-lead-outcomes.md), null until it records one; `job_value` in dollars. */
export const leadOutcomeView = (lead: LeadRow) =>
  lead.outcome
    ? {
        outcome: lead.outcome,
        job_value: lead.outcome_job_value_cents === null ? null : centsToDollars(Number(lead.outcome_job_value_cents)),
        lost_reason: lead.outcome_lost_reason,
        note: lead.outcome_note,
        recorded_at: iso(lead.outcome_at),
      }
    : null;

/** One purchased-lead record of get-purchased-leads (dashboards §3). */
export const purchasedLeadRecord = (lead: LeadRow) => ({
  id: lead.purchase_id ?? lead.id,
  lead_id: lead.id,
  purchased_at: iso(lead.purchased_at),
  price_paid: centsToDollars(lead.price_cents ?? 0),
  purchase_channel: lead.purchase_channel,
  refunded_at: lead.refunded_at ? iso(lead.refunded_at) : null,
  status: boughtStatus(lead),
  contacted_at: lead.contacted_at ? iso(lead.contacted_at) : null,
  outcome: leadOutcomeView(lead),
  leads: {
    urgency: lead.urgency,
    customer_name: lead.customer_name,
    customer_phone: lead.phone,
    customer_email: lead.email,
    zip_code: lead.zip_code,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    description: lead.description,
    created_at: iso(lead.created_at),
  },
});

/**
 * A contractor's bought leads split as the dashboard reads them. Each bought lead is in exactly one
 * list, so the counts add up: a refunded lead is only under Refunded, whatever its state was.
 */
export function purchasedLeadsResponse(leads: LeadRow[]) {
  const kept = leads.filter((l) => !l.refunded_at);
  return {
    purchased_leads: kept.filter((l) => l.status === 'purchased').map(purchasedLeadRecord),
    archived_leads: kept.filter((l) => l.status === 'archived').map(purchasedLeadRecord),
    completed_leads: kept.filter((l) => l.status === 'completed').map(purchasedLeadRecord),
    refunded_leads: leads.filter((l) => l.refunded_at).map(purchasedLeadRecord),
  };
}

/** Claimed lead of the contractors dashboard (the buyer sees the contact). */
export const claimedLead = (lead: LeadRow) => ({
  id: lead.id,
  customer_name: lead.customer_name,
  phone: lead.phone,
  zip_code: lead.zip_code,
  claimed_at: iso(lead.purchased_at),
  service_category: lead.service_category,
  sub_service: lead.sub_service,
  description: lead.description,
  is_archived: lead.status === 'archived',
  urgency: lead.urgency,
  status: lead.refunded_at ? 'refunded' : lead.status,
  created_at: iso(lead.created_at),
});

/** The admin lead shape; `contractor_leads` lists the buyer's assignment and the open offers. */
export function adminLead(lead: LeadRow, offeredTo: string[], rounds: Map<string, number> = new Map()) {
  const assignments: Array<{ id: string; status: string; contractor_id: string }> = lead.purchased_by
    ? [
        {
          id: lead.purchase_id ?? `${lead.id}:${lead.purchased_by}`,
          status: lead.status === 'deleted' ? 'purchased' : lead.status,
          contractor_id: lead.purchased_by,
        },
      ]
    : [];
  for (const contractorId of offeredTo) {
    if (contractorId === lead.purchased_by) continue;
    assignments.push({
      id: `${lead.id}:${contractorId}`,
      status: lead.purchased_by ? 'not_purchased' : 'available',
      contractor_id: contractorId,
    });
  }
  return {
    id: lead.id,
    customer_name: lead.customer_name,
    phone: lead.phone,
    email: lead.email,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    zip_code: lead.zip_code,
    description: lead.description,
    urgency: lead.urgency,
    status: lead.status,
    is_test: lead.is_test,
    created_at: iso(lead.created_at),
    validation_summary: lead.validation_summary,
    // The offer round of each contractor (the admin sees how far a lead was re-routed).
    contractor_leads: assignments.map((a) =>
      rounds.has(a.contractor_id) ? { ...a, offer_round: rounds.get(a.contractor_id) } : a,
    ),
  };
}
