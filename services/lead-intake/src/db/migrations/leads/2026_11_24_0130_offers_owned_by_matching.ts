import { sql, type Kysely } from 'kysely';

/**
 * Offers and claim tokens have one owner, matching (docs/adr/0013): lead-intake's copy goes.
 * Matching's offers table holds the same SHA-256 of every token (both hashed the one token the
 * LeadMatched of the time carried), so every claim link already sent keeps working.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_offers').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead_offers')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull().references('leads.id'))
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('price_cents', 'integer')
    .addColumn('offer_round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
