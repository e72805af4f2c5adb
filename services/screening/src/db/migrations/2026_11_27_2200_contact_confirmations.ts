import { sql, type Kysely } from 'kysely';

/**
 * The customer's phone confirmation (docs/adr/0045-phone-confirmed-before-the-offer.md): one row per accepted lead, holding only the
 * SHA-256 of the texted code (bound to the lead) and of the one-tap link's token, the code's expiry,
 * the wrong tries against it and how many codes were sent. Never the phone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_confirmations')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('link_hash', 'text', (c) => c.notNull().unique())
    .addColumn('issue', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('service_category', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_confirmations').execute();
}
