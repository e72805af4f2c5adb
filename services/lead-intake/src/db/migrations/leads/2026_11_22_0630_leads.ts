import { sql, type Kysely } from 'kysely';

/** Leads (the only copy of customer contact details), their offers' claim tokens (hashed) and the purchase assignment. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('service_category', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('preferred_contractor_id', 'text')
    .addColumn('client_ip_hash', 'text')
    .addColumn('is_test', 'boolean', (c) => c.notNull().defaultTo(false))
    // screening -> available -> purchased -> completed | archived; rejected; expired; deleted
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('validation_summary', 'jsonb')
    .addColumn('rejection_reasons', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('screened_at', 'timestamptz')
    .addColumn('purchased_by', 'text')
    .addColumn('purchase_id', 'uuid')
    .addColumn('price_cents', 'integer')
    .addColumn('purchase_channel', 'text')
    .addColumn('purchased_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('leads_status_screened_idx').on('leads').columns(['status', 'screened_at']).execute();
  await db.schema.createIndex('leads_purchased_by_idx').on('leads').column('purchased_by').execute();
  await db.schema.createIndex('leads_created_at_idx').on('leads').column('created_at').execute();

  await db.schema
    .createTable('lead_offers')
    // sha256 of the claim token: a database leak does not reveal working claim links
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull().references('leads.id'))
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_offers_lead_idx').on('lead_offers').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_offers').execute();
  await db.schema.dropTable('leads').execute();
}
