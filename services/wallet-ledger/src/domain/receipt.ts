import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The proof of exclusivity of one purchase. Every fact is a string or a number so the
 * canonical encoding is unambiguous; times are ISO 8601 in UTC with milliseconds.
 */
export interface ReceiptFacts {
  lead_id: string;
  contractor_id: string;
  purchase_id: string;
  transaction_id: string;
  price_cents: number;
  /** The price-matrix row that fixed the price at screening ("home_services/hvac"), its tier and how it was found. */
  price_row: string;
  lead_type: string;
  price_source: string;
  /** The lead_price_history id of the last change of that cell before screening; '' when the built-in default applied. */
  price_version: string;
  priced_at: string;
  /** When this contractor was offered the lead ('' when it bought from the dashboard without an offer). */
  offered_at: string;
  /** How many contractors were offered the lead. */
  offered_to: number;
  purchased_at: string;
  /** Purchases of this lead other than this one, counted in the database when the receipt was read. */
  other_purchases: number;
  /** When the customer confirmed the phone with the texted code, if before the purchase; '' otherwise. */
  phone_confirmed_at: string;
}

/**
 * The facts in their fixed order: the encoding is `receipt-v2` then one `name=value` line per fact
 * (v2 added phone_confirmed_at, docs/adr/0045-phone-confirmed-before-the-offer.md).
 */
export const RECEIPT_FACT_NAMES = [
  'lead_id',
  'contractor_id',
  'purchase_id',
  'transaction_id',
  'price_cents',
  'price_row',
  'lead_type',
  'price_source',
  'price_version',
  'priced_at',
  'offered_at',
  'offered_to',
  'purchased_at',
  'other_purchases',
  'phone_confirmed_at',
] as const satisfies ReadonlyArray<keyof ReceiptFacts>;

/**
 * The canonical encoding the code is computed over. Values are JSON-encoded, so a newline or an
 * '=' inside a value cannot make two different receipts encode alike.
 */
export function canonicalReceipt(facts: ReceiptFacts, encoding: ReceiptEncoding = 'receipt-v2'): string {
  const names = encoding === 'receipt-v2' ? RECEIPT_FACT_NAMES : V1_FACT_NAMES;
  return [encoding, ...names.map((name) => `${name}=${JSON.stringify(facts[name])}`)].join('\n');
}

/**
 * Receipts handed out before the phone confirmation was a fact were signed over `receipt-v1`: the
 * same facts but that one. They stay valid; the fact they lack can only be '' for them.
 */
export type ReceiptEncoding = 'receipt-v1' | 'receipt-v2';
const V1_FACT_NAMES = RECEIPT_FACT_NAMES.filter((name) => name !== 'phone_confirmed_at');

/** The receipt code: HMAC-SHA256 of the canonical encoding with the server's receipt key, hex. */
export function receiptCode(key: string, facts: ReceiptFacts, encoding: ReceiptEncoding = 'receipt-v2'): string {
  return createHmac('sha256', key).update(canonicalReceipt(facts, encoding)).digest('hex');
}

/** Whether `code` is the code of `facts`, in today's encoding or v1's (constant-time comparisons). */
export function codeMatches(key: string, facts: ReceiptFacts, code: string): boolean {
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(code.trim()) ? code.trim().toLowerCase() : '', 'hex');
  const matches = (encoding: ReceiptEncoding) => {
    const expected = Buffer.from(receiptCode(key, facts, encoding), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return matches('receipt-v2') || (facts.phone_confirmed_at === '' && matches('receipt-v1'));
}

/** The facts that differ between what was handed in and what the database says now. */
export function differingFacts(given: ReceiptFacts, actual: ReceiptFacts): string[] {
  return RECEIPT_FACT_NAMES.filter((name) => given[name] !== actual[name]);
}
