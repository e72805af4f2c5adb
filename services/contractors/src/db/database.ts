import type { GeneratedTimestamp, Json, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, Insertable, Selectable } from 'kysely';

/** contractors' schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface ContractorsDatabase extends PlatformTables {
  contractors: ContractorsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  sms_consents: SmsConsentsTable;
  deleted_contact_keys: DeletedContactKeysTable;
  api_keys: ApiKeysTable;
}

/** One account; a deleted one stays, anonymised, so ids in other services' history still resolve. */
export interface ContractorsTable {
  id: string;
  username: string;
  /** Lower-cased copies carry the uniqueness, so 'Ann' and 'ann' cannot both sign up. */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  business_name: string;
  contact_name: string;
  phone: string;
  industry: string;
  sub_service: string;
  zip_codes: Json<string[]>;
  sms_opt_in: boolean;
  /** False when the email or phone belonged to a deleted account: this account got no signup credit. */
  signup_credit: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  last_seen_at: Timestamp | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

/** A signed-in browser: the hash of its token, never the token. */
export interface SessionsTable {
  token_hash: string;
  contractor_id: string;
  created_at: GeneratedTimestamp;
  last_used_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  contractor_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Append-only: each opt-in or opt-out with when, from where and the exact wording shown (TCPA proof). */
export interface SmsConsentsTable {
  id: Generated<number>;
  contractor_id: string;
  opted_in: boolean;
  source: 'signup' | 'profile' | 'sms_toggle';
  wording: string;
  ip: string | null;
  user_agent: string | null;
  recorded_at: GeneratedTimestamp;
}

/** Keyed hashes of the email and phone of deleted accounts (no second signup credit). */
export interface DeletedContactKeysTable {
  key_hash: string;
  kind: 'email' | 'phone';
  deleted_at: GeneratedTimestamp;
}

/** A personal API key: the SHA-256 of the key, never the key (docs/adr/0046-personal-api-keys.md). */
export interface ApiKeysTable {
  id: string;
  token_hash: string;
  contractor_id: string;
  name: string;
  scopes: Json<string[]>;
  last_four: string;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
}

export type ContractorRow = Selectable<ContractorsTable>;
export type SmsConsent = Selectable<SmsConsentsTable>;
export type NewSmsConsent = Insertable<SmsConsentsTable>;
