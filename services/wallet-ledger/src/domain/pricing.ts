import {
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPES,
  leadTypeOfUrgency,
  priceRowKey,
  type LeadType,
  type PriceEntry,
} from '@leadmarket/contracts';

/** A price set by an admin for one row (industry, or trade when sub_service is set) and tier. */
export type PriceRow = PriceEntry;

/** The tier of a lead follows its urgency; an unknown urgency is standard (contracts' leadTypeOfUrgency). */
export const leadTypeOf = (urgency: string | undefined): LeadType => leadTypeOfUrgency(urgency);

/**
 * The public pricing map: { [row key]: { standard, premium, emergency } } in dollars, missing tiers
 * at the default. Row keys are "home_services" for an industry and "home_services/hvac" for a trade.
 */
export function pricingMap(rows: PriceRow[]): Record<string, Record<LeadType, number>> {
  const map: Record<string, Record<LeadType, number>> = {};
  for (const row of rows) {
    const entry = (map[priceRowKey(row)] ??= Object.fromEntries(
      LEAD_TYPES.map((t) => [t, DEFAULT_LEAD_PRICE_CENTS / 100]),
    ) as Record<LeadType, number>);
    if ((LEAD_TYPES as readonly string[]).includes(row.lead_type))
      entry[row.lead_type as LeadType] = Number(row.price_cents) / 100;
  }
  return map;
}
