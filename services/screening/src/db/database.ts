import type { GeneratedTimestamp, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, Insertable, Selectable } from 'kysely';

/** screening's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface ScreeningDatabase extends PlatformTables {
  screenings: ScreeningsTable;
  screening_reasons: ScreeningReasonsTable;
  duplicate_fingerprints: DuplicateFingerprintsTable;
  screening_rules: ScreeningRulesTable;
  contact_confirmations: ContactConfirmationsTable;
}

/** An accepted lead's phone confirmation: hashes of the texted code and link, never the phone (docs/adr/0045-phone-confirmed-before-the-offer.md). */
export interface ContactConfirmationsTable {
  lead_id: string;
  /** SHA-256 of `<lead id>:<code>`. */
  code_hash: string;
  /** SHA-256 of the one-tap link's token. */
  link_hash: string;
  /** How many codes were texted (1, then one more per resend). */
  issue: Generated<number>;
  expires_at: Timestamp;
  /** Wrong codes typed against the code now valid; at CONFIRM_CODE_TRIES it is locked. */
  tries: Generated<number>;
  sent_at: GeneratedTimestamp;
  service_category: string;
  sub_service: string;
  confirmed_at: Timestamp | null;
  /** `code` or `link`. */
  confirmed_by: string | null;
  created_at: GeneratedTimestamp;
}

/** The rules an operator tunes (one row, id 1); null limits mean the service's configuration. */
export interface ScreeningRulesTable {
  id: Generated<number>;
  blocked_words: Generated<string[]>;
  blocked_domains: Generated<string[]>;
  ip_limit: number | null;
  ip_window_seconds: number | null;
  updated_at: Timestamp | null;
  updated_by: string | null;
}

/** One verdict per lead: each check's outcome and the resulting status. */
export interface ScreeningsTable {
  lead_id: string;
  status: 'valid' | 'rejected';
  phone_valid: boolean;
  email_valid: boolean;
  content_valid: boolean;
  is_duplicate: boolean;
  ip_rate_ok: boolean;
  /** sha-256 of the client address, or null when the lead came without one. */
  client_ip_hash: string | null;
  is_test: Generated<boolean>;
  submitted_at: Timestamp;
  screened_at: GeneratedTimestamp;
  /** The job judged (no contact): the desk shows it, and a release sends it on in LeadScreened. */
  service_category: string | null;
  sub_service: string | null;
  zip_code: string | null;
  urgency: string | null;
  description: string | null;
  preferred_contractor_id: string | null;
  /** An operator released the rejected lead: when, and which admin. */
  released_at: Timestamp | null;
  released_by: string | null;
}

/** Each failed check of a rejected lead, e.g. check_name 'phone', code 'phone:invalid'. */
export interface ScreeningReasonsTable {
  id: Generated<number>;
  lead_id: string;
  check_name: string;
  code: string;
  created_at: GeneratedTimestamp;
}

/** Hashed duplicate fingerprints of accepted leads (the 30-day window's truth behind Redis). */
export interface DuplicateFingerprintsTable {
  fingerprint: string;
  lead_id: string;
  submitted_at: Timestamp;
}

export type Screening = Selectable<ScreeningsTable>;
export type NewScreening = Insertable<ScreeningsTable>;
