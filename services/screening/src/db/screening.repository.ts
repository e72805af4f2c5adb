import type { ValidationSummary } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { ScreeningDatabase } from './database.js';

/** Store a verdict and each reason as its own row. */
export async function insertScreening(
  db: Kysely<ScreeningDatabase>,
  s: {
    lead_id: string;
    status: 'valid' | 'rejected';
    summary: ValidationSummary;
    reasons: string[];
    client_ip_hash: string | null;
    is_test: boolean;
    submitted_at: Date;
    screened_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('screenings')
    .values({
      lead_id: s.lead_id,
      status: s.status,
      ...s.summary,
      client_ip_hash: s.client_ip_hash,
      is_test: s.is_test,
      submitted_at: s.submitted_at,
      screened_at: s.screened_at,
    })
    .execute();
  if (s.reasons.length) {
    await db
      .insertInto('screening_reasons')
      .values(s.reasons.map((code) => ({ lead_id: s.lead_id, check_name: code.split(':')[0], code })))
      .execute();
  }
}

/** The verdict screening gave a lead, or undefined while it has none. */
export async function screeningStatusOf(db: Kysely<ScreeningDatabase>, leadId: string): Promise<string | undefined> {
  const row = await db.selectFrom('screenings').select('status').where('lead_id', '=', leadId).executeTakeFirst();
  return row?.status as string | undefined;
}

/** Leads already screened from one (hashed) address since `since`. */
export async function countScreeningsFromIp(
  db: Kysely<ScreeningDatabase>,
  ipHash: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('screenings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('client_ip_hash', '=', ipHash)
    .where('submitted_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another accepted lead with this fingerprint since `since` (PostgreSQL: the truth of the 30-day window; only accepted leads are recorded). */
export async function hasRecentFingerprint(
  db: Kysely<ScreeningDatabase>,
  fingerprint: string,
  since: Date,
  leadId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('duplicate_fingerprints')
    .select('lead_id')
    .where('fingerprint', '=', fingerprint)
    .where('submitted_at', '>=', since)
    .where('lead_id', '!=', leadId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remember an accepted lead's fingerprint for the 30-day window (a redelivery inserts nothing). */
export async function insertFingerprint(
  db: Kysely<ScreeningDatabase>,
  fingerprint: string,
  leadId: string,
  submittedAt: Date,
): Promise<void> {
  await db
    .insertInto('duplicate_fingerprints')
    .values({ fingerprint, lead_id: leadId, submitted_at: submittedAt })
    .onConflict((oc) => oc.columns(['fingerprint', 'lead_id']).doNothing())
    .execute();
}

/** Fingerprints past the window serve no purpose; dropping them keeps the table small. */
export async function pruneFingerprints(db: Kysely<ScreeningDatabase>, before: Date): Promise<void> {
  await db.deleteFrom('duplicate_fingerprints').where('submitted_at', '<', before).execute();
}
