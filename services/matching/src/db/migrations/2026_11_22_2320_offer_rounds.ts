import type { Kysely } from 'kysely';

/** Offer rounds: which round a lead is in and when it passes to the next ranked contractors. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('offer_round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Null once the lead is sold, closed or its rounds are over.
  await db.schema.alterTable('leads').addColumn('round_deadline_at', 'timestamptz').execute();
  await db.schema.createIndex('leads_round_deadline_idx').on('leads').column('round_deadline_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_round_deadline_idx').execute();
  await db.schema.alterTable('leads').dropColumn('round_deadline_at').execute();
  await db.schema.alterTable('leads').dropColumn('offer_round').execute();
}
