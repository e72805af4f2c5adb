import { sql, type Kysely } from 'kysely';

/** Waitlist, contact messages, page views and the stored secret that salts visitor keys. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_waitlist_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // One entry per address however often it is sent: the key is the trimmed, lower-cased email.
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('trade', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('site_waitlist_entries_created_idx')
    .on('site_waitlist_entries')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('site_contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('site_contact_messages_created_idx')
    .on('site_contact_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('site_page_views')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('page_path', 'text', (c) => c.notNull())
    // UTC day of the view; counts are per path per day.
    .addColumn('view_day', 'date', (c) => c.notNull())
    // HMAC of day, IP and user agent under a secret salt: no raw IP is kept.
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('site_page_views_path_day_idx')
    .on('site_page_views')
    .columns(['page_path', 'view_day'])
    .execute();

  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['site_secrets', 'site_page_views', 'site_contact_messages', 'site_waitlist_entries']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
