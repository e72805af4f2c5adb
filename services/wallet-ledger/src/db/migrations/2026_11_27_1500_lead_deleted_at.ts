import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
/**
 * When an admin deleted the lead. A sold lead keeps its status (its sale stays in the ledger), so
 * its deletion is this column: a receipt of it no longer verifies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('deleted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('deleted_at').execute();
}
