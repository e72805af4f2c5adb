import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The service category each contractor works in (projected from ContractorRegistered and
// ContractorProfileUpdated): the low-balance email compares a wallet with the cheapest lead there.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contractor_categories')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contractor_categories').execute();
}
