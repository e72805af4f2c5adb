import type { Kysely } from 'kysely';

/** Each offer keeps the price LeadMatched carried (fixed at screening), so the claim page can show it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_offers').addColumn('price_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_offers').dropColumn('price_cents').execute();
}
