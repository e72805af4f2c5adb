import { LEAD_TYPES, resolveLeadPrice } from '@leadmarket/contracts';
import type { PriceRow } from './pricing.js';

/**
 * The cheapest lead a contractor of `category` (and trade `subService`) can be offered: the lowest
 * of its tiers' prices, each resolved as a lead's would be (trade → industry → default).
 */
export function cheapestLeadCents(prices: PriceRow[], category: string, subService = ''): number {
  return Math.min(
    ...LEAD_TYPES.map(
      (lead_type) =>
        resolveLeadPrice(prices, { service_category: category, sub_service: subService, lead_type }).price_cents,
    ),
  );
}

/**
 * True only on the debit that takes a wallet from "can buy the cheapest lead" to "cannot": one
 * email per crossing, none for further purchases while already below, and a new one after the
 * wallet has been funded back above and falls again. No stored flag is needed because every debit
 * runs under the wallet's row lock and knows the balance before and after it.
 */
export const crossedBelow = (beforeCents: number, afterCents: number, cheapestCents: number): boolean =>
  beforeCents >= cheapestCents && afterCents < cheapestCents;

/** A contractor's category and trade, as the low-balance rule reads it. */
export interface CategoryFact {
  category: string;
  sub_service: string;
}

/** What the low-balance rule decides from: the contractor's category, its auto-reload card, every admin-set price. */
export interface LowBalanceFacts {
  category: CategoryFact | null;
  reload: { auto_reload_enabled: boolean; stripe_payment_method_id: string | null } | null;
  prices: PriceRow[];
}
