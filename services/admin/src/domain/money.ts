import { centsToDollars, dollarsToCents, MESSAGES } from '@leadmarket/contracts';

export { centsToDollars, dollarsToCents };

const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as the spec prints them (two decimals), grouped as a person writes them: 4,390.00. */
export const formatDollars = (dollars: number): string => DOLLARS.format(dollars);

/** The spec's success text of a price change: 'Updated {category} {type} pricing to ${price}'. */
export const pricingUpdatedMessage = (category: string, leadType: string, priceCents: number): string =>
  MESSAGES.adminSuccess.pricingUpdated(category, leadType, formatDollars(centsToDollars(priceCents)));

/** A nullable cents amount in dollars (a first price has no old price). */
export const optionalDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : centsToDollars(cents);
