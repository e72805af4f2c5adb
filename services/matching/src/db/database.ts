import type { GeneratedTimestamp, Json, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, GeneratedAlways, Selectable } from 'kysely';

/** matching's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface MatchingDatabase extends PlatformTables {
  contractors: ContractorsTable;
  contractor_zips: ContractorZipsTable;
  wallets: WalletsTable;
  leads: LeadsTable;
  offers: OffersTable;
  early_confirmations: EarlyConfirmationsTable;
  confirmation_rules: ConfirmationRulesTable;
}

/** A phone confirmation (LeadContactConfirmed) that came before its lead's LeadPriced; taken when the lead arrives. */
export interface EarlyConfirmationsTable {
  lead_id: string;
  confirmed_at: Timestamp;
}

/** One category's phone confirmation rule, as an operator set it (a category without a row offers at once). */
export interface ConfirmationRulesTable {
  service_category: string;
  mode: 'at_once' | 'confirmed_only';
  wait_minutes: number;
  after_wait: 'offer' | 'expire';
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

/** A contractor's targeting profile (projection of contractors' profile events). */
export interface ContractorsTable {
  contractor_id: string;
  industry: string;
  sub_service: string;
  deleted: Generated<boolean>;
  /** The event time of the profile held: an older event arriving late does not overwrite it. */
  profile_at: Timestamp;
  /** The ranking's record, kept as offers and sales happen (insertOffers, closeLead). */
  offers_received: Generated<number>;
  leads_purchased: Generated<number>;
  last_offered_at: Timestamp | null;
  /** How many ZIP codes it serves (the ranking's fit), kept with contractor_zips by upsertContractor. */
  zip_count: Generated<number>;
  /** canonical_target(industry, sub_service), kept by PostgreSQL; null when it targets nothing. */
  target: GeneratedAlways<string | null>;
}

export interface ContractorZipsTable {
  contractor_id: string;
  zip_code: string;
}

/** Each contractor's wallet balance (projection of wallet-ledger's balance events). */
export interface WalletsTable {
  contractor_id: string;
  /** bigint, read as a JS number. */
  balance_cents: number;
  changed_at: Timestamp;
  /** The wallet's spend caps and spend so far (WalletBalanceChanged.spend_limits); null = no caps known. */
  spend_limits: Json<unknown> | null;
  limits_changed_at: Timestamp | null;
}

/** (awaiting_confirmation →) pending_match → available (offered) → purchased | expired | deleted */
export type MatchingLeadStatus =
  'awaiting_confirmation' | 'pending_match' | 'available' | 'purchased' | 'expired' | 'deleted';

/** A priced valid lead (LeadPriced) waiting for, or past, its match; or the tombstone of one closed before it came. */
export interface LeadsTable {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
  urgency: string;
  preferred_contractor_id: string | null;
  is_test: boolean;
  status: MatchingLeadStatus;
  /** The price wallet-ledger fixed (LeadPriced; null only on tombstones). bigint, read as a JS number. */
  price_cents: number | null;
  lead_type: string | null;
  purchased_by: string | null;
  submitted_at: Timestamp;
  matched_at: Timestamp | null;
  match_attempts: Generated<number>;
  offer_round: Generated<number>;
  /** Null once the lead is sold, closed or its rounds are over. */
  round_deadline_at: Timestamp | null;
  /** canonical_target(service_category, sub_service), kept by PostgreSQL (the contractor's `target` fits it). */
  target: GeneratedAlways<string | null>;
  /** What a contractor may know of the contact before buying (LeadPriced's `contact`); null on older leads. */
  line_type: string | null;
  email_present: boolean | null;
  /** When the customer confirmed the phone (LeadContactConfirmed); null: not confirmed. */
  phone_confirmed_at: Timestamp | null;
}

/** One offer of a lead to a contractor; only the claim token's hash is kept. */
export interface OffersTable {
  lead_id: string;
  contractor_id: string;
  rank: number;
  claim_token_hash: string;
  score: number;
  offered_at: GeneratedTimestamp;
  expires_at: Timestamp;
  /** The offer round the offer was made in (1 = first). */
  round: Generated<number>;
}

export type MatchingLead = Selectable<LeadsTable>;
export type Offer = Selectable<OffersTable>;
