/**
 * How a lead is priced (docs/adr/0006-price-resolution.md). One catalogue — the industries and
 * trades of SERVICE_CATALOGUE, which the lead forms send as service_category and sub_service —
 * names the rows of the admin price matrix, and one function, resolveLeadPrice, says which row's
 * price a lead pays. wallet-ledger calls it when it fixes a lead's price at screening; the admin
 * pricing tab calls it to show which row applies to which leads. No other code picks a price.
 */
import { SERVICE_CATALOGUE } from './catalogue.js';
import {
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPE_OF_URGENCY,
  LEAD_TYPES,
  type LeadType,
  type Urgency,
} from './constants.js';

/** The catalogue the matrix is built from (the same list as SERVICE_CATALOGUE, for importers of this module alone). */
export const PRICED_CATALOGUE = SERVICE_CATALOGUE;

/** Industries whose trades get rows of their own in the matrix (the marketplace's home-service contractors). */
export const TRADE_PRICED_INDUSTRIES = ['home_services'] as const;

/** One row of the price matrix: an industry (sub_service '') or one trade of an industry. */
export interface PriceRowRef {
  category: string;
  sub_service: string;
}

/** A row of the matrix as the pricing tab lists it. */
export interface PriceMatrixRow extends PriceRowRef {
  label: string;
  /** For a trade row, the label of the industry row it falls back to. */
  parent_label?: string;
}

/** One price an admin set: a tier of one row, in cents. */
export interface PriceEntry extends PriceRowRef {
  lead_type: string;
  price_cents: number;
}

/** Where a lead's price came from: its trade's row, its industry's row, or the default. */
export type PriceSource = 'trade' | 'industry' | 'default';

/** A lead's resolved price and the row (and tier) it was read from; for the default, the row is the industry row. */
export interface ResolvedPrice extends PriceRowRef {
  price_cents: number;
  lead_type: LeadType;
  source: PriceSource;
}

/** The rows of the matrix, in display order: each industry, and under a trade-priced industry each of its trades. */
export const PRICE_MATRIX_ROWS: readonly PriceMatrixRow[] = SERVICE_CATALOGUE.flatMap((industry) => [
  { category: industry.value, sub_service: '', label: industry.label },
  ...((TRADE_PRICED_INDUSTRIES as readonly string[]).includes(industry.value)
    ? industry.sub_services.map((s) => ({
        category: industry.value,
        sub_service: s.value,
        label: s.label,
        parent_label: industry.label,
      }))
    : []),
]);

/** Categories of earlier versions of the admin matrix, and what they mean in the catalogue. */
const LEGACY_CATEGORIES: Record<string, PriceRowRef> = {
  automotive: { category: 'auto', sub_service: '' },
};

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/**
 * A category and sub-service as a row of the matrix. Values and labels of the catalogue match
 * case-insensitively; a bare trade as the category ("HVAC", as old test leads carried it) is that
 * trade of its industry; a trade outside the trade-priced industries resolves to its industry's row.
 * Unknown categories stay as they are (lowercased), so they never match a catalogue row by accident.
 */
export function priceRowOf(category: string, subService?: string | null): PriceRowRef {
  const c = norm(category);
  const s = norm(subService);
  const legacy = LEGACY_CATEGORIES[c];
  if (legacy) return legacy;
  const industry = SERVICE_CATALOGUE.find((i) => norm(i.value) === c || norm(i.label) === c);
  if (!industry) {
    const tradeOwner = SERVICE_CATALOGUE.find(
      (i) =>
        (TRADE_PRICED_INDUSTRIES as readonly string[]).includes(i.value) &&
        i.sub_services.some((t) => norm(t.value) === c || norm(t.label) === c),
    );
    const trade = tradeOwner?.sub_services.find((t) => norm(t.value) === c || norm(t.label) === c);
    if (tradeOwner && trade) return { category: tradeOwner.value, sub_service: trade.value };
    return { category: c, sub_service: '' };
  }
  if (!(TRADE_PRICED_INDUSTRIES as readonly string[]).includes(industry.value))
    return { category: industry.value, sub_service: '' };
  const trade = industry.sub_services.find((t) => norm(t.value) === s || norm(t.label) === s);
  return { category: industry.value, sub_service: trade?.value ?? '' };
}

/** True when the row is one the matrix shows (and so one an admin may price). */
export const isMatrixRow = (row: PriceRowRef): boolean =>
  PRICE_MATRIX_ROWS.some((r) => r.category === row.category && r.sub_service === row.sub_service);

/** The tier of a lead follows its urgency; an unknown or missing urgency is standard. */
export const leadTypeOfUrgency = (urgency: string | null | undefined): LeadType =>
  LEAD_TYPE_OF_URGENCY[urgency as Urgency] ?? 'standard';

/**
 * The price a lead pays, in cents, and the row it comes from: the trade row's price for the
 * lead's tier, else the industry row's price for that tier, else DEFAULT_LEAD_PRICE_CENTS. Each
 * tier falls back on its own: a trade with only a Standard price pays the industry's Premium.
 * Pure: `prices` is every price an admin set (rows in any spelling priceRowOf understands).
 */
export function resolveLeadPrice(
  prices: readonly PriceEntry[],
  lead: { service_category: string; sub_service?: string | null; lead_type: LeadType },
): ResolvedPrice {
  const row = priceRowOf(lead.service_category, lead.sub_service);
  const find = (want: PriceRowRef) =>
    prices.find((p) => {
      if (p.lead_type !== lead.lead_type) return false;
      const at = priceRowOf(p.category, p.sub_service);
      return at.category === want.category && at.sub_service === want.sub_service;
    });
  const industryRow = { category: row.category, sub_service: '' };
  const trade = row.sub_service ? find(row) : undefined;
  if (trade) return { ...row, price_cents: Number(trade.price_cents), lead_type: lead.lead_type, source: 'trade' };
  const industry = find(industryRow);
  if (industry)
    return { ...industryRow, price_cents: Number(industry.price_cents), lead_type: lead.lead_type, source: 'industry' };
  return { ...industryRow, price_cents: DEFAULT_LEAD_PRICE_CENTS, lead_type: lead.lead_type, source: 'default' };
}

/** The key of a row in maps of prices ("home_services", "home_services/hvac"). */
export const priceRowKey = (row: PriceRowRef): string =>
  row.sub_service ? `${row.category}/${row.sub_service}` : row.category;

/** Every lead the catalogue can produce, by industry, trade and tier (for checks that no lead is priced by surprise). */
export const CATALOGUE_PRICE_CASES: ReadonlyArray<{
  service_category: string;
  sub_service: string;
  lead_type: LeadType;
}> = SERVICE_CATALOGUE.flatMap((industry) =>
  industry.sub_services.flatMap((trade) =>
    LEAD_TYPES.map((lead_type) => ({ service_category: industry.value, sub_service: trade.value, lead_type })),
  ),
);

/** Texts of the price rules, shown beside the field and answered by the server. */
export const PRICE_MESSAGES = {
  notANumber: 'Enter the price in dollars, for example 31.00',
  negative: 'A price cannot be negative',
  tooManyDecimals: 'A price has at most two decimals (cents)',
  tooHigh: 'A price can be at most $10,000.00',
  zeroUnconfirmed: 'A price of $0.00 gives these leads away: confirm it to save it',
  unknownRow: 'Choose a row of the price matrix (an industry, or a Home Services trade)',
} as const;

/** Highest price an admin may set, in dollars. */
export const MAX_LEAD_PRICE_DOLLARS = 10_000;

/**
 * Read a price an admin typed (a number or text of dollars) as cents, or the reason it is refused.
 * Empty, non-numeric, negative, more than two decimals and over the maximum are refused; zero
 * passes only with `zeroConfirmed` (a typo must never give leads away).
 */
export function parseAdminPrice(
  input: unknown,
  zeroConfirmed = false,
): { ok: true; cents: number } | { ok: false; message: string } {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false, message: PRICE_MESSAGES.notANumber };
  const dollars = Number(text);
  if (!Number.isFinite(dollars)) return { ok: false, message: PRICE_MESSAGES.notANumber };
  if (dollars < 0) return { ok: false, message: PRICE_MESSAGES.negative };
  if (Math.abs(Math.round(dollars * 100) - dollars * 100) > 1e-6)
    return { ok: false, message: PRICE_MESSAGES.tooManyDecimals };
  if (dollars > MAX_LEAD_PRICE_DOLLARS) return { ok: false, message: PRICE_MESSAGES.tooHigh };
  const cents = Math.round(dollars * 100);
  if (cents === 0 && !zeroConfirmed) return { ok: false, message: PRICE_MESSAGES.zeroUnconfirmed };
  return { ok: true, cents };
}
