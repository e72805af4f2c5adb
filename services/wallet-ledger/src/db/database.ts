import type { GeneratedTimestamp, Json, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { LeadOutcome, LostReason } from '@leadmarket/contracts';
import type { TransactionKind } from '../domain/ledger.js';

/**
 * wallet_ledger's schema: its tables, as its migrations (src/db/migrations) leave them, and the
 * platform's outbox/inbox. bigint columns (money in cents, balances) are read as JS numbers.
 */
export interface WalletLedgerDatabase extends PlatformTables {
  accounts: AccountsTable;
  wallet_settings: WalletSettingsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  leads: LeadsTable;
  lead_offers: LeadOffersTable;
  purchases: PurchasesTable;
  lead_prices: LeadPricesTable;
  lead_price_history: LeadPriceHistoryTable;
  price_catalogue_version: PriceCatalogueVersionTable;
  funding_sessions: FundingSessionsTable;
  refund_requests: RefundRequestsTable;
  contractor_targets: ContractorTargetsTable;
  auto_credits: AutoCreditsTable;
  customer_unreachable_facts: CustomerUnreachableFactsTable;
  purchase_fingerprints: PurchaseFingerprintsTable;
  contact_confirmations: ContactConfirmationsTable;
}

/** Every money holder is an account; a wallet's cached balance may never go below zero. */
export interface AccountsTable {
  /** 'wallet:<contractor>' or 'platform:revenue' | 'platform:payment_clearing' | 'platform:promotions'. */
  id: string;
  kind: 'wallet' | 'revenue' | 'clearing' | 'promotions';
  contractor_id: string | null;
  balance_cents: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface WalletSettingsTable {
  contractor_id: string;
  auto_reload_enabled: Generated<boolean>;
  auto_reload_threshold_cents: Generated<number>;
  auto_reload_amount_cents: Generated<number>;
  auto_reload_disabled_reason: string | null;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  updated_at: GeneratedTimestamp;
  /** Hard spend caps in cents; null = no cap (checked in the purchase transaction under the wallet lock). */
  daily_cap_cents: number | null;
  weekly_cap_cents: number | null;
  max_lead_price_cents: number | null;
  /** Auto-reload charges started per UTC day / calendar month; null = no limit. */
  auto_reload_max_per_day: number | null;
  auto_reload_max_per_month: number | null;
}

/** One business fact moving money; its entries sum to zero (checked in code and by a trigger at commit). */
export interface LedgerTransactionsTable {
  id: string;
  kind: TransactionKind;
  contractor_id: string | null;
  /** Idempotency key of the business fact (signup credit, checkout session, purchase, refund). */
  reference: string | null;
  amount_cents: number;
  description: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: string;
  account_id: string;
  amount_cents: number;
  created_at: GeneratedTimestamp;
}

/** Sellable leads with the price fixed at screening. */
export interface LeadsTable {
  lead_id: string;
  service_category: string;
  sub_service: Generated<string>;
  zip_code: Generated<string>;
  lead_type: string;
  price_cents: number;
  status: string;
  is_test: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** Which price row fixed the price (for the receipt): 'trade' | 'industry' | 'default'. */
  price_source: string | null;
  /** The row key, e.g. "home_services/hvac". */
  price_row: string | null;
  /**
   * lead_price_history id of the row's last change before screening (null for the built-in default);
   * bigint: read as a number, written as the id's decimal text or a number.
   */
  price_version_id: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** When an admin deleted the lead (a sold one keeps status 'sold'). */
  deleted_at: Timestamp | null;
  /** The customer's keyed phone fingerprint from LeadScreened (never the phone): the repeat-lead credit. */
  customer_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LeadOffersTable {
  lead_id: string;
  contractor_id: string;
  offered_at: Timestamp;
}

export interface PurchasesTable {
  id: string;
  lead_id: string;
  contractor_id: string;
  price_cents: number;
  channel: 'claim' | 'dashboard';
  status: string;
  balance_after_cents: number;
  transaction_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  offered_at: Timestamp | null;
  purchased_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
  archived_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** When the buyer first contacted the customer (LeadContacted): the end of the response time. */
  contacted_at: Timestamp | null;
  /** The buyer's latest outcome (LeadOutcomeRecorded, docs/adr/0047-lead-outcomes.md) and when it was recorded. */
  outcome: LeadOutcome | null;
  /** Won only. */
  job_value_cents: number | null;
  lost_reason: LostReason | null;
  outcome_at: Timestamp | null;
}

/** A price row: an industry (sub_service '') or a trade of an industry, per lead type. */
export interface LeadPricesTable {
  category: string;
  sub_service: Generated<string>;
  lead_type: string;
  price_cents: number;
  updated_at: GeneratedTimestamp;
}

/** One row: raised by a trigger whenever lead_prices or lead_price_history changes (the price cache's check). */
export interface PriceCatalogueVersionTable {
  id: Generated<boolean>;
  /** bigint: read as text by pg. */
  version: ColumnType<string, number | string | undefined, number | string>;
}

export interface LeadPriceHistoryTable {
  id: Generated<number>;
  category: string;
  sub_service: Generated<string>;
  lead_type: string;
  old_price_cents: number | null;
  /** Null: the row was reset to the default. */
  new_price_cents: number | null;
  admin_id: string | null;
  changed_at: GeneratedTimestamp;
}

/** A funding attempt: a Checkout Session or an off-session auto-reload charge. */
export interface FundingSessionsTable {
  id: string;
  contractor_id: string;
  kind: 'checkout' | 'auto_reload';
  amount_cents: number;
  status: string;
  stripe_session_id: string | null;
  stripe_payment_intent_id: string | null;
  failure_reason: string | null;
  created_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
}

export interface RefundRequestsTable {
  id: string;
  purchase_id: string;
  lead_id: string;
  contractor_id: string;
  amount_cents: number;
  reason: string;
  status: string;
  admin_notes: string | null;
  admin_id: string | null;
  requested_at: GeneratedTimestamp;
  processed_at: Timestamp | null;
}

/** Who each contractor serves, projected from the contractor events. */
export interface ContractorTargetsTable {
  contractor_id: string;
  industry: string;
  sub_service: string;
  zip_codes: Json<string[]>;
  deleted: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export type Purchase = Selectable<PurchasesTable>;
export type FundingSession = Selectable<FundingSessionsTable>;
export type RefundRequest = Selectable<RefundRequestsTable>;
export type WalletSettings = Selectable<WalletSettingsTable>;

/** An automatic credit (ADR 0012): one per purchase at most, with its rule, evidence and ledger transactions. */
export interface AutoCreditsTable {
  id: string;
  purchase_id: string;
  lead_id: string;
  contractor_id: string;
  rule: string;
  amount_cents: number;
  /** The reason in words. */
  reason: string;
  evidence: Json<unknown>;
  observed_at: Timestamp;
  transaction_id: string;
  status: string;
  credited_at: GeneratedTimestamp;
  reversed_at: Timestamp | null;
  reversed_by: string | null;
  reversal_notes: string | null;
  reversal_transaction_id: string | null;
}

/** A permanent SMS failure that arrived before the purchase was known here. */
export interface CustomerUnreachableFactsTable {
  lead_id: string;
  evidence: Json<unknown>;
  failed_at: Timestamp;
  recorded_at: GeneratedTimestamp;
}

/** When a lead's customer confirmed the phone (LeadContactConfirmed): a fact of the purchase receipt. */
export interface ContactConfirmationsTable {
  lead_id: string;
  confirmed_at: Timestamp;
}

/** The keyed hash of each purchase's customer phone, for the 30-day repeat check. */
export interface PurchaseFingerprintsTable {
  purchase_id: string;
  lead_id: string;
  contractor_id: string;
  fingerprint: string;
  purchased_at: Timestamp;
}
