import { sql, type Kysely } from 'kysely';

/** Contractor contacts (projection) and deliveries: one row per message, unique per purpose and recipient. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('sms_opt_in', 'boolean', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profile_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // e.g. lead_offer:<lead>:<contractor> — a redelivered event cannot queue a second message.
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid')
    .addColumn('contractor_id', 'text')
    // pending → sending → sent (→ delivered | undelivered | failed from provider callbacks) | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('provider_status_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('deliveries_provider_id_idx').on('deliveries').column('provider_message_id').execute();
  await db.schema.createIndex('deliveries_created_idx').on('deliveries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('contacts').execute();
}
