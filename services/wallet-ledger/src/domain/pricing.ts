import {
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPE_OF_URGENCY,
  LEAD_TYPES,
  type LeadType,
  type Urgency,
} from '@leadmarket/contracts';

/** A price set by an admin for one category and tier. */
export interface PriceRow {
  category: string;
  lead_type: string;
  price_cents: number;
}

/** The tier of a lead follows its urgency; an unknown urgency is standard. */
export const leadTypeOf = (urgency: string | undefined): LeadType =>
  LEAD_TYPE_OF_URGENCY[urgency as Urgency] ?? 'standard';

/** The price of a lead: the admin's price for its category and tier, else $20. Categories match case-insensitively. */
export function priceFor(rows: PriceRow[], category: string, type: LeadType): number {
  const wanted = category.trim().toLowerCase();
  const row = rows.find((r) => r.category.trim().toLowerCase() === wanted && r.lead_type === type);
  return row ? Number(row.price_cents) : DEFAULT_LEAD_PRICE_CENTS;
}

/** The public pricing map: { [category]: { standard, premium, emergency } } in dollars, missing tiers at the default. */
export function pricingMap(rows: PriceRow[]): Record<string, Record<LeadType, number>> {
  const map: Record<string, Record<LeadType, number>> = {};
  for (const row of rows) {
    const entry = (map[row.category] ??= Object.fromEntries(
      LEAD_TYPES.map((t) => [t, DEFAULT_LEAD_PRICE_CENTS / 100]),
    ) as Record<LeadType, number>);
    if ((LEAD_TYPES as readonly string[]).includes(row.lead_type))
      entry[row.lead_type as LeadType] = Number(row.price_cents) / 100;
  }
  return map;
}
