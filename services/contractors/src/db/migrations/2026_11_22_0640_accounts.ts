import { sql, type Kysely } from 'kysely';

/** Contractor accounts, sessions, password-reset tokens and the SMS consent log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contractors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    // Lower-cased copies carry the uniqueness, so 'Ann' and 'ann' cannot both sign up.
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('industry', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('zip_codes', 'jsonb', (c) => c.notNull())
    .addColumn('sms_opt_in', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_contractor_idx').on('sessions').column('contractor_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_contractor_idx')
    .on('password_reset_tokens')
    .column('contractor_id')
    .execute();

  // Append-only: each opt-in or opt-out with when, from where and the exact wording shown (TCPA proof).
  await db.schema
    .createTable('sms_consents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id'))
    .addColumn('opted_in', 'boolean', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('wording', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_consents_contractor_idx').on('sms_consents').column('contractor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_consents').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('contractors').execute();
}
