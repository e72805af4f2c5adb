import { priceRowOf, type LeadType, type PriceRowRef } from '@leadmarket/contracts';
import type { PriceRow } from './pricing.js';

/** The last recorded change (lead_price_history id) of one stored row spelling and tier. */
export interface PriceChange {
  category: string;
  sub_service: string;
  lead_type: string;
  /** bigint id as text. */
  id: string;
}

/** Every admin-set price and the last change of each row, as of one catalogue version. */
export interface PriceCatalogue {
  /** price_catalogue_version.version (bigint as text) when this was read. */
  version: string;
  prices: PriceRow[];
  changes: PriceChange[];
}

/**
 * The id of the last recorded change of a row's tier, matching rows as resolution does (stored
 * spellings may differ from the catalogue's: "HVAC" is home_services/hvac). Null when none.
 */
export function lastChangeOf(changes: readonly PriceChange[], row: PriceRowRef, leadType: LeadType): string | null {
  let last: string | null = null;
  for (const c of changes) {
    if (c.lead_type !== leadType) continue;
    const at = priceRowOf(c.category, c.sub_service);
    if (at.category !== row.category || at.sub_service !== row.sub_service) continue;
    if (last === null || BigInt(c.id) > BigInt(last)) last = c.id;
  }
  return last;
}
