import type { Kysely } from 'kysely';

/** The offer round of each claim token (matching re-routes an unbought lead in later rounds). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lead_offers')
    .addColumn('offer_round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_offers').dropColumn('offer_round').execute();
}
