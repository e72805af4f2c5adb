/** One line of a ledger transaction: a signed amount on one account (integer cents). */
export interface EntryLine {
  accountId: string;
  amountCents: number;
}

/** Accounts that are not a contractor's wallet. */
export const PLATFORM_ACCOUNTS = {
  revenue: 'platform:revenue',
  clearing: 'platform:payment_clearing',
  promotions: 'platform:promotions',
} as const;

/** The account id of a contractor's wallet. */
export const walletAccountOf = (contractorId: string) => `wallet:${contractorId}`;

/** The kinds of ledger transaction, as stored and as admins see them. */
export type TransactionKind =
  | 'signup_credit'
  | 'wallet_funding'
  | 'auto_reload'
  | 'lead_purchase'
  | 'refund'
  | 'admin_adjustment'
  | 'auto_credit'
  | 'auto_credit_reversal';

/** Refuse a transaction that is empty, has a non-integer amount or does not sum to zero. */
export function assertBalanced(lines: EntryLine[]): void {
  if (lines.length < 2) throw new Error('A ledger transaction needs at least two entries');
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
      throw new Error(`Bad entry amount ${line.amountCents} on ${line.accountId}`);
    sum += line.amountCents;
  }
  if (sum !== 0) throw new Error(`Ledger transaction does not balance (sum ${sum})`);
}

/** Money in from a card payment: the clearing account pays the wallet. */
export const fundingLines = (contractorId: string, cents: number): EntryLine[] => [
  { accountId: walletAccountOf(contractorId), amountCents: cents },
  { accountId: PLATFORM_ACCOUNTS.clearing, amountCents: -cents },
];

/** A credit the platform gives (signup bonus, positive admin adjustment); negative takes it back. */
export const promotionLines = (contractorId: string, cents: number): EntryLine[] => [
  { accountId: walletAccountOf(contractorId), amountCents: cents },
  { accountId: PLATFORM_ACCOUNTS.promotions, amountCents: -cents },
];

/** A lead sale: the wallet pays platform revenue. */
export const purchaseLines = (contractorId: string, cents: number): EntryLine[] => [
  { accountId: walletAccountOf(contractorId), amountCents: -cents },
  { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: cents },
];

/** A refund reverses a sale: revenue pays the wallet back. */
export const refundLines = (contractorId: string, cents: number): EntryLine[] => [
  { accountId: walletAccountOf(contractorId), amountCents: cents },
  { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: -cents },
];
