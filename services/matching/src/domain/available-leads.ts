import {
  centsToDollars,
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPES,
  LINE_TYPES,
  type AvailableLead,
  type LeadType,
  type LineType,
} from '@leadmarket/contracts';

/** An available lead row as matching stores it. */
export interface StoredLead {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
  submitted_at: Date | string;
  price_cents: number | string | null;
  lead_type: string | null;
  /** What a contractor may know of the contact before buying (absent from older reads). */
  line_type?: string | null;
  email_present?: boolean | null;
  phone_confirmed_at?: Date | string | null;
}

/** The contact's facts a card, claim page and offer SMS show (docs/adr/0045-phone-confirmed-before-the-offer.md). */
export const contactFacts = (l: Pick<StoredLead, 'line_type' | 'email_present' | 'phone_confirmed_at'>) => ({
  phone_confirmed_at: l.phone_confirmed_at ? new Date(l.phone_confirmed_at).toISOString() : null,
  line_type: (LINE_TYPES as readonly string[]).includes(l.line_type ?? '') ? (l.line_type as LineType) : null,
  email_present: l.email_present ?? null,
});

/** A lead's card on the Available list, price in dollars. Cards never carry contact details. */
export function availableLeadCard(l: StoredLead): AvailableLead {
  return {
    id: l.lead_id,
    service_category: l.service_category,
    sub_service: l.sub_service,
    zip_code: l.zip_code,
    description: l.description,
    created_at: new Date(l.submitted_at).toISOString(),
    price: centsToDollars(l.price_cents === null ? DEFAULT_LEAD_PRICE_CENTS : Number(l.price_cents)),
    lead_type: (LEAD_TYPES as readonly string[]).includes(l.lead_type ?? '') ? (l.lead_type as LeadType) : 'standard',
    ...contactFacts(l),
  };
}
