import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { LeadsTable, MatchingDatabase } from '../src/db/database.js';

/**
 * Rows in matching's own tables for tests that read them without the stack: a plumbing contractor
 * in some ZIP codes, and an available plumbing lead (change any column with `over`).
 */
export async function insertContractor(
  db: Kysely<MatchingDatabase>,
  zips: string[],
  {
    deleted = false,
    sub_service = 'plumbing',
    profile_at = new Date(),
    /** False before the migration that adds contractors.zip_count (it backfills the count). */
    zip_count = true,
  } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contractors')
    .values({
      contractor_id: id,
      industry: 'home_services',
      sub_service,
      deleted,
      profile_at,
      ...(zip_count ? { zip_count: zips.length } : {}),
    })
    .execute();
  if (zips.length)
    await db
      .insertInto('contractor_zips')
      .values(zips.map((zip_code) => ({ contractor_id: id, zip_code })))
      .execute();
  return id;
}

export async function insertLead(
  db: Kysely<MatchingDatabase>,
  zip: string,
  over: Partial<Insertable<LeadsTable>> = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('leads')
    .values({
      lead_id: id,
      service_category: 'home_services',
      sub_service: 'plumbing',
      zip_code: zip,
      description: `lead in ${zip}`,
      urgency: 'Standard',
      is_test: false,
      status: 'available',
      submitted_at: new Date(),
      ...over,
    })
    .execute();
  return id;
}
