import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { LeadIntakeDatabase } from './database.js';

/** What `screeningFacts` asks, as the prepared read takes it. */
interface FactsParams {
  ipHash: string;
  ipSince: Date;
  ipLimit: number;
  fingerprint: string;
  fingerprintSince: Date;
}

/**
 * The read of `screeningFacts`, compiled once and prepared (docs/adr/0027): one text with the
 * address's count and one without (a lead that came without an address counts nothing).
 */
const factsRead = (withIp: boolean) =>
  preparedRead((db: Kysely<LeadIntakeDatabase>, q: FactsParams) =>
    db.selectNoFrom((eb) => [
      withIp
        ? eb
            .selectFrom(
              // Counting stops at the limit: past it the answer is the same, and a busy address
              // (a shared NAT) would otherwise cost a read of all its leads in the window.
              eb
                .selectFrom('leads')
                .select('id')
                .where('client_ip_hash', '=', q.ipHash)
                .where('created_at', '>=', q.ipSince)
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
            .where('submitted_at', '>=', q.fingerprintSince),
        )
        .as('recent_fingerprint'),
    ]),
  );

const factsReads = [factsRead(false), factsRead(true)] as const;

/**
 * What a verdict must know of earlier leads, in one read (each statement is a round trip): how many
 * leads came from this (hashed) address since `ipSince`, up to `ipLimit` (0 without an address),
 * and whether an accepted lead had this fingerprint since `fingerprintSince` (the truth of the
 * 30-day duplicate window). The lead being screened is not stored yet, so it counts in neither.
 */
export async function screeningFacts(
  db: Kysely<LeadIntakeDatabase>,
  q: {
    ipHash: string | null;
    ipSince: Date;
    /** The IP limit: `fromIp` counts up to it, no further. */
    ipLimit: number;
    fingerprint: string;
    fingerprintSince: Date;
  },
): Promise<{ fromIp: number; recentFingerprint: boolean }> {
  const [row] = await factsReads[q.ipHash ? 1 : 0](db, { ...q, ipHash: q.ipHash ?? '' });
  return { fromIp: Number(row!.from_ip), recentFingerprint: Boolean(row!.recent_fingerprint) };
}

/**
 * Whether a stored lead named by a fingerprint's Redis claim still counts as its original: it keeps
 * its accepted fingerprint row. Undefined when no such lead is stored (its submit is in flight, or
 * never committed): the caller decides by the claim's age. One statement: the lead and its
 * fingerprint are written by one, so it sees both or neither.
 */
export async function holdsFingerprint(
  db: Kysely<LeadIntakeDatabase>,
  leadId: string,
  fingerprint: string,
): Promise<boolean | undefined> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('leads').select('id').where('id', '=', leadId)).as('stored'),
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
  return row.stored ? Boolean(row.kept) : undefined;
}

/** A deleted lead's fingerprints, dropped; returns them (their Redis claims are released after commit). */
export async function dropFingerprints(db: Kysely<LeadIntakeDatabase>, leadId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('duplicate_fingerprints')
    .where('lead_id', '=', leadId)
    .returning('fingerprint')
    .execute();
  return rows.map((r) => r.fingerprint);
}

/** Fingerprints past the window serve no purpose (and are a hash of a phone): dropping them keeps the table small. */
export async function pruneFingerprints(db: Kysely<LeadIntakeDatabase>, before: Date): Promise<void> {
  await db.deleteFrom('duplicate_fingerprints').where('submitted_at', '<', before).execute();
}
