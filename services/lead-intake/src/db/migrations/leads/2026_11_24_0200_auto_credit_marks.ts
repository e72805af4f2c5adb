import type { Kysely } from 'kysely';

/**
 * The automatic credits this service has heard of (ADR 0012), so the buyer's Refunded list follows
 * AutoCreditGranted and AutoCreditReversed whichever of the two is handled first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auto_credit_marks')
    .addColumn('credit_id', 'uuid', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('reversed', 'boolean', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auto_credit_marks').ifExists().execute();
}
