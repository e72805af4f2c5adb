import type { GeneratedTimestamp, Json, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, Selectable } from 'kysely';

/** admin's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface AdminDatabase extends PlatformTables {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  admin_password_resets: AdminPasswordResetsTable;
  audit_log: AuditLogTable;
}

/** An admin account; the email is stored trimmed and lower-cased. */
export interface AdminsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: GeneratedTimestamp;
  password_changed_at: GeneratedTimestamp;
}

/** A signed-in admin browser: the hash of its token, never the token. */
export interface AdminSessionsTable {
  token_hash: string;
  admin_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface AdminPasswordResetsTable {
  token_hash: string;
  admin_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** One admin action: who, what, on which target, the data before and after, from where. */
export interface AuditLogTable {
  id: Generated<number>;
  admin_id: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  ip: string | null;
  request_id: string | null;
  created_at: GeneratedTimestamp;
}

export type AdminRow = Selectable<AdminsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
