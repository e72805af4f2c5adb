import type { Kysely } from 'kysely';

/**
 * The price wallet-ledger fixed for each lead (LeadPriced), kept apart from `leads` because it may
 * arrive before the lead's LeadScreened: a lead is matched once both are here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead_prices')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('lead_type', 'text', (c) => c.notNull())
    .addColumn('priced_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_prices').execute();
}
