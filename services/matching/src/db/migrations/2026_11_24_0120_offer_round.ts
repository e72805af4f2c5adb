import type { Kysely } from 'kysely';

/**
 * Matching is the one owner of offers (docs/adr/0013): each offer records the round it was
 * made in, which lead-intake kept from LeadMatched before and now asks matching for (admin pages).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('offers')
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('round').execute();
}
