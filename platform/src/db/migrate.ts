import { Migrator, sql, type Migration } from 'kysely';
import type { ServiceName } from '@leadmarket/contracts';
import { schemaOf, type Database } from './database.js';
import { platformMigrations } from './platform-migrations.js';

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
  const schema = schemaOf(service);
  // Only when it is missing: a service connected as its own role (docs/adr/0018) owns its schema but
  // may not create schemas, and PostgreSQL checks that right even for "if not exists".
  const existing = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(database.root);
  if (existing.rows.length === 0) await sql`create schema if not exists ${sql.id(schema)}`.execute(database.root);
  const all: MigrationSet = { ...platformMigrations, ...migrations };
  const migrator = new Migrator({
    db: database.forService(service),
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
