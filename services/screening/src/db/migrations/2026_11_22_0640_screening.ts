import { sql, type Kysely } from 'kysely';

/** Screening results, each failed check as its own reason row, and the hashed duplicate fingerprints (the truth behind the Redis fast path). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('screenings')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phone_valid', 'boolean', (c) => c.notNull())
    .addColumn('email_valid', 'boolean', (c) => c.notNull())
    .addColumn('content_valid', 'boolean', (c) => c.notNull())
    .addColumn('is_duplicate', 'boolean', (c) => c.notNull())
    .addColumn('ip_rate_ok', 'boolean', (c) => c.notNull())
    .addColumn('client_ip_hash', 'text')
    .addColumn('is_test', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('screened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('screenings_ip_idx')
    .on('screenings')
    .columns(['client_ip_hash', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('screening_reasons')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull().references('screenings.lead_id'))
    .addColumn('check_name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('screening_reasons_lead_idx').on('screening_reasons').column('lead_id').execute();

  await db.schema
    .createTable('duplicate_fingerprints')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('duplicate_fingerprints_pk', ['fingerprint', 'lead_id'])
    .execute();
  await db.schema
    .createIndex('duplicate_fingerprints_time_idx')
    .on('duplicate_fingerprints')
    .columns(['fingerprint', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('duplicate_fingerprints').execute();
  await db.schema.dropTable('screening_reasons').execute();
  await db.schema.dropTable('screenings').execute();
}
