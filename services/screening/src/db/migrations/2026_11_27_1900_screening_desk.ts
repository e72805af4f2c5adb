import { sql, type Kysely } from 'kysely';

/**
 * The operator's screening desk (docs/adr/0042-screening-desk.md): a verdict keeps the job it judged
 * (service, ZIP, urgency, description; never the contact) so an operator can see what was rejected
 * and release it, and who released it when; the rules an operator tunes live in one row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('screenings')
    .addColumn('service_category', 'text')
    .addColumn('sub_service', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('urgency', 'text')
    .addColumn('description', 'text')
    .addColumn('preferred_contractor_id', 'text')
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'text')
    .execute();
  // The desk lists rejections newest first.
  await db.schema
    .createIndex('screenings_status_time_idx')
    .on('screenings')
    .columns(['status', 'screened_at'])
    .execute();
  await db.schema
    .createTable('screening_rules')
    // One row: the rules in force.
    .addColumn('id', 'integer', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('blocked_words', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('blocked_domains', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // Null: the service's configuration (SCREENING_IP_LIMIT, SCREENING_IP_WINDOW_SECONDS).
    .addColumn('ip_limit', 'integer')
    .addColumn('ip_window_seconds', 'integer')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('screening_rules').execute();
  await db.schema.dropIndex('screenings_status_time_idx').execute();
  for (const column of [
    'service_category',
    'sub_service',
    'zip_code',
    'urgency',
    'description',
    'preferred_contractor_id',
    'released_at',
    'released_by',
  ])
    await db.schema.alterTable('screenings').dropColumn(column).execute();
}
