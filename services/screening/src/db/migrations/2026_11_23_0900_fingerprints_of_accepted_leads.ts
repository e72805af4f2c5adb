import type { Kysely } from 'kysely';

/**
 * Duplicates are counted against accepted leads only (ADR 0004-15): fingerprints recorded for
 * rejected leads under the earlier rule would keep blocking corrected resubmissions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The query builder (not raw SQL) so the service's schema plugin names the tables.
  await db
    .deleteFrom('duplicate_fingerprints')
    .where('lead_id', 'in', db.selectFrom('screenings').select('lead_id').where('status', '=', 'rejected'))
    .execute();
}

export async function down(): Promise<void> {
  // The deleted rows described rejected leads; the new rule never needs them back.
}
