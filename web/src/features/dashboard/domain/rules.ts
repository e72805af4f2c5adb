import { formatDollars, humanizeValue } from '@leadmarket/contracts/display';
import {
  CARD_DESCRIPTION_MAX,
  DEFAULT_LEAD_PRICE_CENTS,
  HISTORY_MAX_PAGE_BUTTONS,
  PRICE_TIER_THRESHOLDS_CENTS,
  WALLET_BAR_FULL_CENTS,
} from '@leadmarket/contracts/constants';

/** Display tier of a lead price in dollars (§9: 100+ Emergency, 35+ Premium, else Standard). */
export function priceTier(priceDollars: number): 'Emergency' | 'Premium' | 'Standard' {
  const cents = Math.round(priceDollars * 100);
  if (cents >= PRICE_TIER_THRESHOLDS_CENTS.emergency) return 'Emergency';
  if (cents >= PRICE_TIER_THRESHOLDS_CENTS.premium) return 'Premium';
  return 'Standard';
}

/** A lead's price: its own when the server sent one, else its category's, else the $20 default. */
export function leadPrice(
  lead: { service_category: string; price?: number },
  pricing: Record<string, number> | undefined,
): number {
  if (typeof lead.price === 'number') return lead.price;
  const byCategory = pricing?.[lead.service_category];
  return typeof byCategory === 'number' ? byCategory : DEFAULT_LEAD_PRICE_CENTS / 100;
}

/** Card descriptions stop at 100 characters with an ellipsis. */
export function truncate(text: string, max = CARD_DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Wallet bar fill: balance / $100, capped at 100 percent. */
export function walletBarPercent(balanceDollars: number): number {
  const percent = (balanceDollars * 100) / (WALLET_BAR_FULL_CENTS / 100);
  return Math.max(0, Math.min(100, percent));
}

/** Money as people read it: "$4,390.00", "−$30.00" (dollars in, two decimals, thousands separated). */
export const money = (dollars: number | null | undefined): string => formatDollars(dollars);

/** Newest first by created_at (§5). */
export function newestFirst<T extends { created_at: string }>(leads: readonly T[]): T[] {
  return [...leads].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** The page numbers to show: at most 5, a window around the current page. */
export function pageButtons(current: number, total: number, max = HISTORY_MAX_PAGE_BUTTONS): number[] {
  if (total <= 0) return [];
  const count = Math.min(max, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A date in words in the browser's time zone, "Nov 20, 2026" (not "11/20/2026"), or the raw text when it does not parse. */
export function shortDate(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time)
    ? value
    : new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A moment in words in the browser's time zone, "Nov 20, 2026, 10:05 AM", or the raw text when it does not parse. */
export function dateTimeInWords(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time)
    ? value
    : new Date(time).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

/** A catalogue value as people read it: "home_services" → "Home Services", "hvac"/"Hvac" → "HVAC"; labels pass through. */
export const humanize = (value: string | null | undefined): string => humanizeValue(value);

/** "1 day", "3 days". */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** "posted just now", "posted 5 min ago", "posted 3 hours ago", "posted 2 days ago". */
export function postedAgo(value: string | null | undefined, now = Date.now()): string {
  const time = Date.parse(value ?? '');
  if (Number.isNaN(time)) return '';
  const minutes = Math.max(0, Math.floor((now - time) / 60_000));
  if (minutes < 1) return 'posted just now';
  if (minutes < 60) return `posted ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `posted ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const d = Math.floor(hours / 24);
  return `posted ${d} ${d === 1 ? 'day' : 'days'} ago`;
}

/** Available leads in the chosen order: newest first (§5, the default) or by price. */
export function sortLeads<T extends { created_at: string; price?: number }>(
  leads: readonly T[],
  order: 'newest' | 'price-high' | 'price-low',
  priceOf: (lead: T) => number,
): T[] {
  if (order === 'newest') return newestFirst(leads);
  const sign = order === 'price-high' ? -1 : 1;
  return [...leads].sort(
    (a, b) => sign * (priceOf(a) - priceOf(b)) || Date.parse(b.created_at) - Date.parse(a.created_at),
  );
}
