import {
  centsToDollars,
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPES,
  type AvailableLead,
  type LeadType,
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
}

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
  };
}
