import { LEAD_TYPES } from '@leadmarket/contracts';
import { priceFor, type PriceRow } from './pricing.js';

/** The cheapest lead a contractor of `category` can be offered: the lowest of its tiers' prices. */
export function cheapestLeadCents(prices: PriceRow[], category: string): number {
  return Math.min(...LEAD_TYPES.map((type) => priceFor(prices, category, type)));
}

/**
 * True only on the debit that takes a wallet from "can buy the cheapest lead" to "cannot": one
 * email per crossing, none for further purchases while already below, and a new one after the
 * wallet has been funded back above and falls again. No stored flag is needed because every debit
 * runs under the wallet's row lock and knows the balance before and after it.
 */
export const crossedBelow = (beforeCents: number, afterCents: number, cheapestCents: number): boolean =>
  beforeCents >= cheapestCents && afterCents < cheapestCents;
