import type { LeadOutcome, LostReason, ValidationSummary } from '@leadmarket/contracts';
import type { GeneratedTimestamp, Json, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** lead_intake's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface LeadIntakeDatabase extends PlatformTables {
  leads: LeadsTable;
  site_waitlist_entries: SiteWaitlistEntriesTable;
  site_contact_messages: SiteContactMessagesTable;
  site_page_views: SitePageViewsTable;
  site_secrets: SiteSecretsTable;
  auto_credit_marks: AutoCreditMarksTable;
}

/** Lead lifecycle states (DESIGN §2). */
export type LeadStatus =
  'screening' | 'available' | 'rejected' | 'purchased' | 'completed' | 'archived' | 'expired' | 'deleted';

/** A lead: the only copy of the customer's contact details, and its purchase assignment. */
export interface LeadsTable {
  id: string;
  customer_name: string;
  phone: string;
  email: string | null;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  urgency: 'Standard' | 'Premium' | 'Emergency';
  preferred_contractor_id: string | null;
  client_ip_hash: string | null;
  is_test: Generated<boolean>;
  status: LeadStatus;
  validation_summary: Json<ValidationSummary> | null;
  rejection_reasons: Json<string[]> | null;
  created_at: GeneratedTimestamp;
  screened_at: Timestamp | null;
  purchased_by: string | null;
  purchase_id: string | null;
  price_cents: number | null;
  /** How it was bought: from an offer's claim link or from the dashboard. */
  purchase_channel: 'claim' | 'dashboard' | null;
  purchased_at: Timestamp | null;
  completed_at: Timestamp | null;
  archived_at: Timestamp | null;
  expired_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Set when the buyer's refund was approved: the lead leaves Purchased for Refunded. */
  refunded_at: Timestamp | null;
  /** The form's idempotency key: a retried submit finds the first lead instead of storing a second. */
  idempotency_key: string | null;
  /** Hash of the request that created the lead (a different request reusing the key is refused). */
  request_hash: string | null;
  /** The buyer's first recorded contact with the customer. */
  contacted_at: Timestamp | null;
  /**
   * leads-submit answered "pending" (screening's answer did not come within its wait): the
   * customer is told the verdict by SMS/email when LeadScreened arrives.
   */
  verdict_awaited: Generated<boolean>;
  /** The buyer's latest recorded outcome (update-lead-outcome, docs/adr/0047-lead-outcomes.md). */
  outcome: LeadOutcome | null;
  /** Won only: the job's value. */
  outcome_job_value_cents: number | null;
  outcome_lost_reason: LostReason | null;
  /** The buyer's own note; it may quote the customer, so it stays here and is erased with the contact. */
  outcome_note: string | null;
  outcome_at: Timestamp | null;
}

/** One waitlist entry per address (email_key: trimmed, lower-cased). */
export interface SiteWaitlistEntriesTable {
  id: string;
  email_key: string;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  trade: string;
  created_at: GeneratedTimestamp;
}

export interface SiteContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: GeneratedTimestamp;
}

/** One page view; counts are per path per UTC day. No raw IP is kept. */
export interface SitePageViewsTable {
  id: Generated<number>;
  page_path: string;
  /** A `date` column: written as 'YYYY-MM-DD' (pg reads it back as a Date). */
  view_day: ColumnType<Date, string, string>;
  /** HMAC of day, IP and user agent under a secret salt. */
  visitor_key: string;
  viewed_at: GeneratedTimestamp;
}

/** Stored secrets (the salt of visitor keys). */
export interface SiteSecretsTable {
  name: string;
  value: string;
  created_at: GeneratedTimestamp;
}

/** The automatic credits heard of (ADR 0012): the Refunded list follows Granted and Reversed in either order. */
export interface AutoCreditMarksTable {
  credit_id: string;
  lead_id: string;
  reversed: boolean;
}

export type LeadRow = Selectable<LeadsTable>;
