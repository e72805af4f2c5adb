import { Migrator, sql, type Migration } from 'kysely';
import type { ServiceName } from '@leadmarket/contracts';
import { schemaOf, type Database } from './database.js';
import { platformMigrations } from './platform-migrations.js';
import type { AnySchemaDb } from './any-schema.js';

export type { Migration };
/** A service's migrations by name; names sort in the order they run (YYYY_MM_DD_HHMM_what). */
export type MigrationSet = Record<string, Migration>;

/**
 * Bring a service's schema up to date: create the schema, then run the platform's tables
 * (outbox, inbox) and the service's own migrations, in name order, recorded in the schema.
 */
export async function migrateService(
  database: Database,
  service: ServiceName,
  migrations: MigrationSet,
): Promise<void> {
  if (database.kind === 'pglite') return migrateOn(database.root, service, migrations);
  // Every instance of every service migrates at start-up, often at the same moment (a fresh
  // deployment starts two of each). Kysely's own lock covers only the migrations themselves; its
  // checks before them (schema, tables, lock row) and our schema creation race with the twin's DDL,
  // and PostgreSQL's "if not exists" can still fail on a concurrent create. One session lock per
  // database makes the whole step one instance at a time; it is released with the connection if the
  // holder dies. Waiting past the statement timeout is transient, retried by the caller. The lock and
  // the migrations share one connection (on DATABASE_SESSION_URL when the pool goes through PgBouncer),
  // so a pool of one cannot wait on itself.
  await database.session(async (connection) => {
    try {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    } catch (error) {
      throw new Error(`Migration of ${service} failed: waiting for another instance's migrations`, { cause: error });
    }
    try {
      await migrateOn(connection, service, migrations);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection).catch(() => {});
    }
  });
}

/** The session advisory lock key of the start-up migration step (any constant unique to it). */
const MIGRATION_LOCK_KEY = 7_146_902_331;

/** Run the step on `root` (a schema-less Kysely: the pool's, or one connection's). */
async function migrateOn(root: AnySchemaDb, service: ServiceName, migrations: MigrationSet): Promise<void> {
  const schema = schemaOf(service);
  // Only when it is missing: a service connected as its own role (docs/adr/0018) owns its schema but
  // may not create schemas, and PostgreSQL checks that right even for "if not exists".
  const existing = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(root);
  if (existing.rows.length === 0) await sql`create schema if not exists ${sql.id(schema)}`.execute(root);
  const all: MigrationSet = { ...platformMigrations, ...migrations };
  const migrator = new Migrator({
    db: root.withSchema(schema),
    migrationTableSchema: schema,
    provider: { getMigrations: async () => all },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The driver's error stays the cause: a statement timeout (another instance holding the
    // migration lock on a busy machine) or a lost connection is then retried by the caller
    // (isTransientError follows `cause`) instead of ending the process.
    throw new Error(
      `Migration of ${service} failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error)?.message ?? error)}`,
      { cause: error },
    );
  }
}
