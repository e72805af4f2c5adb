import type { ValidationSummary } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import type { ScreeningDatabase } from './database.js';

/** What a verdict stores: the screening row, each reason as its own row, and (an accepted lead) its fingerprint. */
export interface ScreeningRecord {
  lead_id: string;
  status: 'valid' | 'rejected';
  summary: ValidationSummary;
  reasons: string[];
  client_ip_hash: string | null;
  is_test: boolean;
  submitted_at: Date;
  screened_at: Date;
  /** Set for a lead that claims its duplicate fingerprint for the 30-day window (a repeat inserts nothing). */
  fingerprint?: string;
}

/**
 * Store a verdict, its reasons and the claimed fingerprint in one statement (each statement is a
 * round trip; issue 19). The reasons reference the screening row inserted beside them: PostgreSQL
 * checks the foreign key at the end of the statement, when both are there.
 */
export async function insertScreening(db: Kysely<ScreeningDatabase>, s: ScreeningRecord): Promise<void> {
  let q = db.with('screening', (c) =>
    c.insertInto('screenings').values({
      lead_id: s.lead_id,
      status: s.status,
      ...s.summary,
      client_ip_hash: s.client_ip_hash,
      is_test: s.is_test,
      submitted_at: s.submitted_at,
      screened_at: s.screened_at,
    }),
  );
  if (s.reasons.length) {
    q = q.with('reasons', (c) =>
      c
        .insertInto('screening_reasons')
        .values(s.reasons.map((code) => ({ lead_id: s.lead_id, check_name: code.split(':')[0], code }))),
    );
  }
  if (s.fingerprint) {
    const fingerprint = s.fingerprint;
    q = q.with('fingerprint', (c) =>
      c
        .insertInto('duplicate_fingerprints')
        .values({ fingerprint, lead_id: s.lead_id, submitted_at: s.submitted_at })
        .onConflict((oc) => oc.columns(['fingerprint', 'lead_id']).doNothing()),
    );
  }
  await q.selectNoFrom(sql<number>`1`.as('stored')).execute();
}

/**
 * What a verdict must know of earlier leads, in one read: how many leads from this (hashed) address
 * were screened since `ipSince`, up to `ipLimit` (0 without an address), and whether another accepted lead had this
 * fingerprint since `fingerprintSince` (the truth of the 30-day duplicate window).
 */
export async function screeningFacts(
  db: Kysely<ScreeningDatabase>,
  q: {
    leadId: string;
    ipHash: string | null;
    ipSince: Date;
    /** The IP limit: `fromIp` counts up to it, no further. */
    ipLimit: number;
    fingerprint: string;
    fingerprintSince: Date;
  },
): Promise<{ fromIp: number; recentFingerprint: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      q.ipHash
        ? eb
            .selectFrom(
              // Counting stops at the limit: past it the answer is the same, and a busy address
              // (a shared NAT) would otherwise cost a read of all its leads in the window.
              eb
                .selectFrom('screenings')
                .select('lead_id')
                .where('client_ip_hash', '=', q.ipHash)
                .where('submitted_at', '>=', q.ipSince)
                .limit(q.ipLimit)
                .as('recent'),
            )
            .select((e) => e.fn.countAll().as('n'))
            .as('from_ip')
        : sql<number>`0`.as('from_ip'),
      eb
        .exists(
          eb
            .selectFrom('duplicate_fingerprints')
            .select('lead_id')
            .where('fingerprint', '=', q.fingerprint)
            .where('submitted_at', '>=', q.fingerprintSince)
            .where('lead_id', '!=', q.leadId),
        )
        .as('recent_fingerprint'),
    ])
    .executeTakeFirstOrThrow();
  return { fromIp: Number(row.from_ip), recentFingerprint: Boolean(row.recent_fingerprint) };
}

/**
 * Whether the lead named by a fingerprint's Redis claim still counts as its original: while
 * screening has no verdict for it (it is being screened at this moment, the race the claim is for)
 * or while it keeps its accepted fingerprint row. A holder with a verdict and no row is none: it was
 * rejected (a key written before ADR 0004-15) or deleted (LeadDeleted dropped its row, and the
 * key's release after commit is lost if Redis was down then). One statement, because the verdict
 * and the row are written by one: it sees both or neither.
 */
export async function holdsFingerprint(
  db: Kysely<ScreeningDatabase>,
  leadId: string,
  fingerprint: string,
): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('screenings').select('lead_id').where('lead_id', '=', leadId)).as('screened'),
      eb
        .exists(
          eb
            .selectFrom('duplicate_fingerprints')
            .select('lead_id')
            .where('fingerprint', '=', fingerprint)
            .where('lead_id', '=', leadId),
        )
        .as('kept'),
    ])
    .executeTakeFirstOrThrow();
  return !row.screened || Boolean(row.kept);
}

/** Fingerprints past the window serve no purpose; dropping them keeps the table small. */
export async function pruneFingerprints(db: Kysely<ScreeningDatabase>, before: Date): Promise<void> {
  await db.deleteFrom('duplicate_fingerprints').where('submitted_at', '<', before).execute();
}
