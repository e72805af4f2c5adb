import { sql, type Kysely } from 'kysely';

/**
 * Who each contractor serves (industry, sub-service, ZIP codes), projected from the contractor
 * events: a dashboard purchase is only of a lead offered to the buyer or in its trade and area.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contractor_targets')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('industry', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('zip_codes', 'jsonb', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
