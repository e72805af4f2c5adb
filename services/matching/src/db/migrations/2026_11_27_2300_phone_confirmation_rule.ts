import { sql, type Kysely } from 'kysely';

/**
 * The phone confirmation rule per category (docs/adr/0045-phone-confirmed-before-the-offer.md):
 * matching applies it, so it keeps it. A lead keeps what a contractor may know of its contact
 * before buying (line type, email given, when the phone was confirmed); a confirmation that comes
 * before the lead's LeadPriced waits in `early_confirmations`. A lead of a "confirmed only"
 * category waits as `awaiting_confirmation`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('line_type', 'text')
    .addColumn('email_present', 'boolean')
    .addColumn('phone_confirmed_at', 'timestamptz')
    .execute();
  await sql`create index leads_awaiting_confirmation_idx on matching.leads (submitted_at) where status = 'awaiting_confirmation'`.execute(
    db,
  );
  await db.schema
    .createTable('early_confirmations')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('confirmation_rules')
    .addColumn('service_category', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('at_once', 'confirmed_only')`))
    .addColumn('wait_minutes', 'integer', (c) => c.notNull().check(sql`wait_minutes > 0`))
    .addColumn('after_wait', 'text', (c) => c.notNull().check(sql`after_wait in ('offer', 'expire')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('confirmation_rules').execute();
  await db.schema.dropTable('early_confirmations').execute();
  await sql`drop index matching.leads_awaiting_confirmation_idx`.execute(db);
  for (const column of ['line_type', 'email_present', 'phone_confirmed_at'])
    await db.schema.alterTable('leads').dropColumn(column).execute();
}
