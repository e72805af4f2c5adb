import { sql, type Kysely } from 'kysely';

/**
 * The Available list pages and counts a contractor's leads by ZIP code and trade. The index by ZIP
 * and age alone made PostgreSQL fetch every available lead of the ZIP to compare its trade, then
 * sort them all for the page, the larger part of a first paint's time in PostgreSQL on a crowded
 * ZIP (docs/PERFORMANCE.md). By ZIP, trade and newest first (ties by id, the page's own order), the page is
 * the first rows of a range and the count the length of one (docs/adr/0026-available-leads-page-and-count.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index leads_available_trade_idx on matching.leads (zip_code, target, submitted_at desc, lead_id) where status = 'available'`.execute(
    db,
  );
  await db.schema.dropIndex('leads_available_zip_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('leads_available_zip_idx')
    .on('leads')
    .columns(['zip_code', 'submitted_at'])
    .where(sql.ref('status'), '=', 'available')
    .execute();
  await db.schema.dropIndex('leads_available_trade_idx').execute();
}
