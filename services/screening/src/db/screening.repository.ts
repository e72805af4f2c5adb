import type { ValidationSummary } from '@leadmarket/contracts';
import { prepared, preparedRead } from '@leadmarket/platform';
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
  /** The job judged, without the contact (the screening desk shows it; a release sends it on). */
  job: {
    service_category: string;
    sub_service: string;
    zip_code: string;
    urgency: string;
    description: string;
    preferred_contractor_id: string | null;
  };
  /** Set for a lead that claims its duplicate fingerprint for the 30-day window (a repeat inserts nothing). */
  fingerprint?: string;
}

/**
 * Store a verdict, its reasons and the claimed fingerprint in one statement (each statement is a
 * round trip): the run's statement with a run of one, so one statement text serves both. The
 * reasons reference the screening row inserted beside them: PostgreSQL checks the foreign key at
 * the end of the statement, when both are there.
 */
export async function insertScreening(db: Kysely<ScreeningDatabase>, s: ScreeningRecord): Promise<void> {
  await insertScreenings(db, [s]);
}

/** `insertScreenings`' statement, compiled once and prepared: every column an array, one row per element, any count. */
const screeningsInsert = prepared(
  (
    db: Kysely<ScreeningDatabase>,
    p: {
      leadIds: string[];
      statuses: string[];
      phoneValid: boolean[];
      emailValid: boolean[];
      contentValid: boolean[];
      isDuplicate: boolean[];
      ipRateOk: boolean[];
      ipHashes: Array<string | null>;
      isTest: boolean[];
      submitted: string[];
      screened: string[];
      categories: string[];
      subServices: string[];
      zipCodes: string[];
      urgencies: string[];
      descriptions: string[];
      preferred: Array<string | null>;
      reasonLeads: string[];
      checkNames: string[];
      codes: string[];
      fingerprints: string[];
      fingerprintLeads: string[];
      fingerprintSubmitted: string[];
    },
  ) =>
    db
      .with('screening', (c) =>
        c
          .insertInto('screenings')
          .columns([
            'lead_id',
            'status',
            'phone_valid',
            'email_valid',
            'content_valid',
            'is_duplicate',
            'ip_rate_ok',
            'client_ip_hash',
            'is_test',
            'submitted_at',
            'screened_at',
            'service_category',
            'sub_service',
            'zip_code',
            'urgency',
            'description',
            'preferred_contractor_id',
          ])
          .expression(
            sql`select * from unnest(${p.leadIds}::uuid[], ${p.statuses}::text[], ${p.phoneValid}::boolean[],
                  ${p.emailValid}::boolean[], ${p.contentValid}::boolean[], ${p.isDuplicate}::boolean[],
                  ${p.ipRateOk}::boolean[], ${p.ipHashes}::text[], ${p.isTest}::boolean[],
                  ${p.submitted}::timestamptz[], ${p.screened}::timestamptz[], ${p.categories}::text[],
                  ${p.subServices}::text[], ${p.zipCodes}::text[], ${p.urgencies}::text[],
                  ${p.descriptions}::text[], ${p.preferred}::text[])`,
          ),
      )
      .with('reasons', (c) =>
        c
          .insertInto('screening_reasons')
          .columns(['lead_id', 'check_name', 'code'])
          .expression(sql`select * from unnest(${p.reasonLeads}::uuid[], ${p.checkNames}::text[], ${p.codes}::text[])`),
      )
      .with('fingerprint', (c) =>
        c
          .insertInto('duplicate_fingerprints')
          .columns(['fingerprint', 'lead_id', 'submitted_at'])
          .expression(
            sql`select * from unnest(${p.fingerprints}::text[], ${p.fingerprintLeads}::uuid[], ${p.fingerprintSubmitted}::timestamptz[])`,
          )
          .onConflict((oc) => oc.columns(['fingerprint', 'lead_id']).doNothing()),
      )
      .selectNoFrom(sql<number>`1`.as('stored')),
);

/**
 * `insertScreening` for the verdicts of a run of leads, in one statement whatever their count: the
 * same rows, in the same order, as one `insertScreening` after another. A lead already screened
 * fails the whole statement (its primary key), as it fails its own.
 */
export async function insertScreenings(db: Kysely<ScreeningDatabase>, records: ScreeningRecord[]): Promise<void> {
  if (records.length === 0) return;
  const claimed = records.filter((r) => r.fingerprint);
  const reasons = records.flatMap((r) => r.reasons.map((code) => ({ lead: r.lead_id, code })));
  await screeningsInsert(db, {
    leadIds: records.map((r) => r.lead_id),
    statuses: records.map((r) => r.status),
    phoneValid: records.map((r) => r.summary.phone_valid),
    emailValid: records.map((r) => r.summary.email_valid),
    contentValid: records.map((r) => r.summary.content_valid),
    isDuplicate: records.map((r) => r.summary.is_duplicate),
    ipRateOk: records.map((r) => r.summary.ip_rate_ok),
    ipHashes: records.map((r) => r.client_ip_hash),
    isTest: records.map((r) => r.is_test),
    submitted: records.map((r) => r.submitted_at.toISOString()),
    screened: records.map((r) => r.screened_at.toISOString()),
    categories: records.map((r) => r.job.service_category),
    subServices: records.map((r) => r.job.sub_service),
    zipCodes: records.map((r) => r.job.zip_code),
    urgencies: records.map((r) => r.job.urgency),
    descriptions: records.map((r) => r.job.description),
    preferred: records.map((r) => r.job.preferred_contractor_id),
    reasonLeads: reasons.map((r) => r.lead),
    checkNames: reasons.map((r) => r.code.split(':')[0]!),
    codes: reasons.map((r) => r.code),
    fingerprints: claimed.map((r) => r.fingerprint!),
    fingerprintLeads: claimed.map((r) => r.lead_id),
    fingerprintSubmitted: claimed.map((r) => r.submitted_at.toISOString()),
  });
}

/** What `screeningFacts` asks, as the prepared read takes it. */
interface FactsParams {
  leadId: string;
  ipHash: string;
  ipSince: Date;
  ipLimit: number;
  fingerprint: string;
  fingerprintSince: Date;
}

/**
 * The read of `screeningFacts`, compiled once and prepared: one text with the address's count and
 * one without (a lead that came without an address reads nothing of the screenings).
 */
const factsRead = (withIp: boolean) =>
  preparedRead((db: Kysely<ScreeningDatabase>, q: FactsParams) =>
    db.selectNoFrom((eb) => [
      withIp
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
    ]),
  );

const factsReads = [factsRead(false), factsRead(true)] as const;

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
  const [row] = await factsReads[q.ipHash ? 1 : 0](db, { ...q, ipHash: q.ipHash ?? '' });
  return { fromIp: Number(row!.from_ip), recentFingerprint: Boolean(row!.recent_fingerprint) };
}

/** What `screeningFacts` asks of one lead of a run (the run shares the IP limit). */
export interface FactsQuestion {
  leadId: string;
  ipHash: string | null;
  ipSince: Date;
  fingerprint: string;
  fingerprintSince: Date;
}

/** `screeningFactsOfRun`'s read, compiled once and prepared: the questions as arrays, one answer row each, in order. */
const factsOfRunRead = preparedRead(
  (
    db: Kysely<ScreeningDatabase>,
    p: {
      leadIds: string[];
      ipHashes: Array<string | null>;
      ipSince: string[];
      fingerprints: string[];
      fingerprintSince: string[];
      ipLimit: number;
    },
  ) =>
    db
      .selectFrom(
        sql<{
          lead_id: string;
          ip_hash: string | null;
          ip_since: Date;
          fingerprint: string;
          fingerprint_since: Date;
          n: number;
        }>`unnest(${p.leadIds}::uuid[], ${p.ipHashes}::text[], ${p.ipSince}::timestamptz[], ${p.fingerprints}::text[], ${p.fingerprintSince}::timestamptz[]) with ordinality`.as<'q'>(
          sql`q(lead_id, ip_hash, ip_since, fingerprint, fingerprint_since, n)`,
        ),
      )
      .select((eb) => [
        // As screeningFacts: counting stops at the limit (a lead without an address matches nothing).
        eb
          .selectFrom(
            eb
              .selectFrom('screenings')
              .select('screenings.lead_id')
              .whereRef('screenings.client_ip_hash', '=', 'q.ip_hash')
              .whereRef('screenings.submitted_at', '>=', 'q.ip_since')
              .limit(p.ipLimit)
              .as('recent'),
          )
          .select((e) => e.fn.countAll().as('n'))
          .as('from_ip'),
        eb
          .exists(
            eb
              .selectFrom('duplicate_fingerprints')
              .select('duplicate_fingerprints.lead_id')
              .whereRef('duplicate_fingerprints.fingerprint', '=', 'q.fingerprint')
              .whereRef('duplicate_fingerprints.submitted_at', '>=', 'q.fingerprint_since')
              .whereRef('duplicate_fingerprints.lead_id', '!=', 'q.lead_id'),
          )
          .as('recent_fingerprint'),
      ])
      .orderBy('q.n'),
);

/**
 * `screeningFacts` for each lead of a run, in one read, as of before the run (none of the run's own
 * verdicts counted: the caller adds those of the leads before each, ScreeningRun in screen-lead.ts).
 */
export async function screeningFactsOfRun(
  db: Kysely<ScreeningDatabase>,
  ipLimit: number,
  questions: FactsQuestion[],
): Promise<Array<{ fromIp: number; recentFingerprint: boolean }>> {
  const rows = await factsOfRunRead(db, {
    leadIds: questions.map((q) => q.leadId),
    ipHashes: questions.map((q) => q.ipHash),
    ipSince: questions.map((q) => q.ipSince.toISOString()),
    fingerprints: questions.map((q) => q.fingerprint),
    fingerprintSince: questions.map((q) => q.fingerprintSince.toISOString()),
    ipLimit,
  });
  return rows.map((row) => ({ fromIp: Number(row.from_ip), recentFingerprint: Boolean(row.recent_fingerprint) }));
}

/**
 * Whether the lead named by a fingerprint's Redis claim still counts as its original: it keeps its
 * accepted fingerprint row. A holder with a verdict and no row is none: it was rejected (a key
 * written before ADR 0004) or deleted (LeadDeleted dropped its row, and the key's release after
 * commit is lost if Redis was down then). Undefined when screening has no verdict for it yet (it is
 * being screened at this moment, or its screening died): the caller decides by the claim's age.
 * One statement, because the verdict and the row are written by one: it sees both or neither.
 */
export async function holdsFingerprint(
  db: Kysely<ScreeningDatabase>,
  leadId: string,
  fingerprint: string,
): Promise<boolean | undefined> {
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
  return row.screened ? Boolean(row.kept) : undefined;
}

/** Fingerprints past the window serve no purpose; dropping them keeps the table small. */
export async function pruneFingerprints(db: Kysely<ScreeningDatabase>, before: Date): Promise<void> {
  await db.deleteFrom('duplicate_fingerprints').where('submitted_at', '<', before).execute();
}
