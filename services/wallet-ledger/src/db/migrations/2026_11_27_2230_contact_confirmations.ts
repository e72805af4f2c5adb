import type { Kysely } from 'kysely';

/**
 * When a lead's customer confirmed their phone (LeadContactConfirmed, docs/adr/0045-phone-confirmed-before-the-offer.md),
 * for the purchase receipt. A table of its own, so a confirmation is kept whichever of it and the
 * lead's LeadScreened comes first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_confirmations')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_confirmations').execute();
}
