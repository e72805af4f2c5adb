import { humanizeValue } from '@leadmarket/contracts';
import { toCsv } from '@leadmarket/contracts/csv';
import type { TransactionKind } from './ledger.js';

/** What the statement knows of a transaction besides its amount. */
export interface StatementFacts {
  kind: string;
  description: string;
  service_category: string | null;
  sub_service: string | null;
  zip_code: string | null;
}

const KIND_LABELS: Record<TransactionKind, string> = {
  signup_credit: 'Signup credit',
  wallet_funding: 'Card payment',
  auto_reload: 'Auto-reload (card)',
  lead_purchase: 'Lead purchase',
  refund: 'Refund',
  admin_adjustment: 'Adjustment by support',
  auto_credit: 'Automatic credit',
  auto_credit_reversal: 'Automatic credit reversed',
};

/** The reason an automatic credit gives, as stored after "<lead>: " in its description. */
const autoCreditReason = (description: string) => description.replace(/^[^:]*:\s*/, '').trim();

/** The kind as words ("signup_credit" → "Signup credit"); unknown kinds are humanized. */
export const kindLabel = (kind: string): string => (KIND_LABELS as Record<string, string>)[kind] ?? humanizeValue(kind);

/**
 * The line a contractor reads for one transaction: purchases and refunds name the lead's service
 * and ZIP; an adjustment carries the support note (stored after "Admin adjustment: ").
 */
export function statementLabel(f: StatementFacts): string {
  const base = kindLabel(f.kind);
  const isAutoCredit = f.kind === 'auto_credit' || f.kind === 'auto_credit_reversal';
  if ((f.kind === 'lead_purchase' || f.kind === 'refund' || isAutoCredit) && f.service_category) {
    const service = [humanizeValue(f.service_category), humanizeValue(f.sub_service)]
      .filter((s, i, all) => s && all.indexOf(s) === i)
      .join(', ');
    const line = `${base}: ${service}${f.zip_code ? ` (ZIP ${f.zip_code})` : ''}`;
    // An automatic credit says why (the rule) and a reversal the admin's reason.
    const why = isAutoCredit ? autoCreditReason(f.description) : '';
    return why ? `${line} — ${why}` : line;
  }
  if (f.kind === 'admin_adjustment') {
    const note = f.description.replace(/^Admin adjustment:\s*/, '').trim();
    return note ? `${base}: ${note}` : base;
  }
  return base;
}

/**
 * Running balances for entries given oldest first: the balance after each one, starting from
 * `opening` (the balance before the first). The statement's newest line then equals the wallet.
 */
export function runningBalances(amounts: number[], opening = 0): number[] {
  let balance = opening;
  return amounts.map((a) => (balance += a));
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

const STATEMENT_COLUMNS = [
  'Date (UTC)',
  'Description',
  'Type',
  'Lead ID',
  'Amount (USD)',
  'Balance after (USD)',
  'Transaction ID',
] as const;

/** The statement as CSV (newest first, amounts in dollars with a plain minus so spreadsheets read numbers). */
export function statementCsv(
  entries: Array<{
    occurred_at: string;
    label: string;
    kind: string;
    lead_id: string | null;
    amount_cents: number;
    balance_after_cents: number;
    transaction_id: string;
  }>,
): string {
  return toCsv(
    STATEMENT_COLUMNS,
    entries.map((e) => ({
      'Date (UTC)': e.occurred_at,
      Description: e.label,
      Type: kindLabel(e.kind),
      'Lead ID': e.lead_id,
      'Amount (USD)': dollars(e.amount_cents),
      'Balance after (USD)': dollars(e.balance_after_cents),
      'Transaction ID': e.transaction_id,
    })),
  );
}
