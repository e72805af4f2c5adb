import type { ColumnType, Generated } from 'kysely';

/**
 * Column shapes shared by every service's typed tables (services/<svc>/src/db/database.ts).
 * pg (and PGlite) read timestamptz as Date; a write may pass a Date or an ISO string.
 * int8 and numeric are read as JS numbers (see the type parsers in database.ts).
 */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in (`default now()`) unless the insert names it. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * jsonb: read as the parsed value; written as the value or its JSON text (pg turns a JS array
 * into a PostgreSQL array, so arrays must be written as JSON.stringify(...)).
 */
export type Json<T> = ColumnType<T, T | string, T | string>;

/** The transactional outbox every service schema holds (platform/src/db/platform-migrations.ts). */
export interface OutboxTable {
  id: string;
  type: string;
  envelope: Json<unknown>;
  created_at: GeneratedTimestamp;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  processed_at: Timestamp | null;
  abandoned_at: Timestamp | null;
  last_error: string | null;
}

/** The idempotent inbox: one row per (event, consumer) already handled. */
export interface InboxTable {
  event_id: string;
  consumer: string;
  type: string;
  processed_at: GeneratedTimestamp;
}

/** The platform's tables in every service's schema; each service's database interface extends it. */
export interface PlatformTables {
  outbox: OutboxTable;
  inbox: InboxTable;
}
