import { sql, type Kysely } from 'kysely';

/** Matching's projections (contractors, their ZIPs, wallet balances, leads) and the offers it made. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contractors')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('industry', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    // The event time of the profile we hold: an older event arriving late does not overwrite it.
    .addColumn('profile_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contractor_zips')
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contractor_zips_pk', ['contractor_id', 'zip_code'])
    .execute();
  await db.schema.createIndex('contractor_zips_zip_idx').on('contractor_zips').column('zip_code').execute();
  await db.schema
    .createTable('wallets')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('leads')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('service_category', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('preferred_contractor_id', 'text')
    .addColumn('is_test', 'boolean', (c) => c.notNull())
    // pending_match → available (offered) → purchased | expired | deleted
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint')
    .addColumn('lead_type', 'text')
    .addColumn('purchased_by', 'text')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('matched_at', 'timestamptz')
    .addColumn('match_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('leads_status_idx').on('leads').columns(['status', 'submitted_at']).execute();
  await db.schema
    .createTable('offers')
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    // Only the hash: the token itself travels once, in LeadMatched, to lead-intake and the SMS.
    .addColumn('claim_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('offered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('offers_pk', ['lead_id', 'contractor_id'])
    .execute();
  await db.schema.createIndex('offers_contractor_idx').on('offers').columns(['contractor_id', 'offered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['offers', 'leads', 'wallets', 'contractor_zips', 'contractors'])
    await db.schema.dropTable(t).execute();
}
