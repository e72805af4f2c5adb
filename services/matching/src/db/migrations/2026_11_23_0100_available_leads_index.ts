import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's available-leads query finds a contractor's leads by ZIP among the still-available
 * ones. leads_status_idx (status, submitted_at) made it read every available lead of the marketplace
 * and filter by ZIP (on 300,000 leads with 4,560 available: 4,528 rows removed, 678 buffers per
 * dashboard); this partial index holds only available leads, by ZIP then age, so the query reads the
 * contractor's few ZIPs' rows (docs/adr/0015-fast-dashboard.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('leads_available_zip_idx')
    .on('leads')
    .columns(['zip_code', 'submitted_at'])
    .where(sql.ref('status'), '=', 'available')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_available_zip_idx').execute();
}
