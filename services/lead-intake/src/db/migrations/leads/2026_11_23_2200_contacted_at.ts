import type { Kysely } from 'kysely';

/** When the buyer first contacted the customer (marked, or called from the dashboard). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('contacted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('contacted_at').execute();
}
