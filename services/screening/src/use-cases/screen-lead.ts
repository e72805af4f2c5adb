import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import type { KeyValueStore } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import type { RulesInForce } from '../rules.js';
import type { ScreeningDatabase } from '../db/database.js';
import {
  holdsFingerprint,
  screeningFacts,
  screeningFactsOfRun,
  type FactsQuestion,
} from '../db/screening.repository.js';
import { checkContent } from '../domain/content-check.js';
import { checkEmail } from '../domain/email-check.js';
import { duplicateClaimKey, duplicateFingerprint } from '../domain/fingerprint.js';
import { readPhone, type PhoneReading } from '../domain/phone-check.js';
import { verdictOf, type Verdict } from '../domain/verdict.js';

const WINDOW_SECONDS = DUPLICATE_WINDOW_DAYS * 24 * 3600;

/**
 * How long a claim whose lead has no stored verdict counts as a screening in flight. Screening
 * claims, then commits the verdict; a claim still without one after this was left by a screening
 * that failed or died between the two (its redelivery claims again), and must not refuse the
 * customer's next try for 30 days.
 */
const UNSTORED_CLAIM_MS = 60_000;

/** The lead as screening reads it (LeadSubmitted; the phone normalised by lead-intake). */
export interface LeadToScreen {
  id: string;
  phone: string;
  email: string | null;
  customer_name: string;
  description: string;
  service_category: string;
  sub_service: string;
  client_ip_hash: string | null;
  submitted_at: Date;
  /** A form's idempotency key: a retry of the same submission is never its duplicate. */
  idempotency_key?: string | null;
}

/** The rules a verdict applies: the per-address limit and window, the operator's blocked words and domains. */
export type ScreeningLimits = Pick<RulesInForce, 'ipLimit' | 'ipWindowSeconds' | 'blockedWords' | 'blockedDomains'>;

/**
 * The verdict, the fingerprint this lead claimed (stored with the verdict), and what was read of
 * the phone (its line type and E.164 form come from the parse its check made).
 */
export type Screening = Verdict & { screened_at: Date; claimedFingerprint?: string; phone: PhoneReading };

/**
 * A claim's value: the claiming lead, when it claimed (an unstored claim ages out, UNSTORED_CLAIM_MS)
 * and the form's idempotency key if it sent one (the key has no spaces: its schema).
 */
export const claimValue = (leadId: string, at: number, idempotencyKey?: string | null): string =>
  `${leadId} ${at}${idempotencyKey ? ` ${idempotencyKey}` : ''}`;
const readClaim = (value: string): { leadId: string; at: number; idempotencyKey?: string } => {
  const [leadId = '', at, idempotencyKey] = value.split(' ');
  // A claim written before claims carried their time named the lead alone: as old as can be.
  return { leadId, at: Number(at) || 0, idempotencyKey };
};

/** `holdsFingerprint`, or an answer that knows verdicts not stored yet (a run's, ScreeningRun). */
type HoldsFingerprint = typeof holdsFingerprint;

/**
 * Only accepted leads count as the original of a duplicate (docs/adr/0004-duplicates-count-accepted-leads.md).
 * PostgreSQL (the accepted fingerprints, asked before this, `seenInDatabase`) is the truth of the
 * window. A lead it does not rule out and that passes every other check claims its fingerprint:
 * Redis `setIfAbsent` makes two simultaneous identical submits race for one claim. A lead refused
 * for another reason only asks, never claims, so its corrected resubmission is not its duplicate.
 */
async function isDuplicate(
  kv: KeyValueStore,
  db: Kysely<ScreeningDatabase>,
  fingerprint: string,
  lead: Pick<LeadToScreen, 'id' | 'idempotency_key'>,
  seenInDatabase: boolean,
  claim: boolean,
  holds: HoldsFingerprint = holdsFingerprint,
): Promise<boolean> {
  // An accepted lead in the window decides it: Redis could only agree.
  if (seenInDatabase) return true;
  const key = duplicateClaimKey(fingerprint);
  const mine = claimValue(lead.id, Date.now(), lead.idempotency_key);
  try {
    if (claim && (await kv.setIfAbsent(key, mine, WINDOW_SECONDS))) return false;
    const value = await kv.get(key);
    if (value === null) return false;
    const holder = readClaim(value);
    if (holder.leadId === lead.id) return false;
    // The same submission sent twice at once (the browser retried while the first was in flight):
    // only one of the two is stored (the idempotency key), so neither is the other's duplicate.
    if (lead.idempotency_key && holder.idempotencyKey === lead.idempotency_key) return false;
    const kept = await holds(db, holder.leadId, fingerprint);
    // A screened holder without its fingerprint is no original (rejected, or deleted since); one
    // not screened yet is a screening in flight (the race the claim is for) until its claim ages out.
    const original = kept ?? Date.now() - holder.at < UNSTORED_CLAIM_MS;
    if (original) return true;
    if (claim) await kv.set(key, mine, WINDOW_SECONDS);
    return false;
  } catch {
    // Redis down: the database (asked already) alone decides.
    return false;
  }
}

/**
 * Release `leadId`'s claim of a fingerprint: the lead was deleted. Only while the claim still names
 * it: a newer lead that took the key since keeps it. Throws when Redis is down (then a deleted
 * holder, screened without its fingerprint row, is no original).
 */
export async function releaseClaim(kv: KeyValueStore, fingerprint: string, leadId: string): Promise<void> {
  const key = duplicateClaimKey(fingerprint);
  const value = await kv.get(key);
  if (value !== null && readClaim(value).leadId === leadId) await kv.deleteIfEquals(key, value);
}

/**
 * Screen a submitted lead: phone, email, content, duplicates (30 days, accepted leads), leads from
 * its address in the window. Every failed check is a reason. The caller stores the verdict and the
 * claimed fingerprint, and writes LeadScreened, in the same transaction as `db`.
 */
export async function screenLead(
  db: Kysely<ScreeningDatabase>,
  kv: KeyValueStore,
  limits: ScreeningLimits,
  lead: LeadToScreen,
): Promise<Screening> {
  const question = factsQuestion(limits, lead);
  // Both reads of earlier leads in one statement (each statement is a round trip).
  const facts = await screeningFacts(db, { ...question, ipLimit: limits.ipLimit });
  return judge(db, kv, limits, lead, question.fingerprint, facts);
}

/** What a lead's verdict asks of the leads before it: its address's and its fingerprint's, each in its window. */
function factsQuestion(limits: ScreeningLimits, lead: LeadToScreen): FactsQuestion {
  const submitted = lead.submitted_at.getTime();
  return {
    leadId: lead.id,
    ipHash: lead.client_ip_hash,
    ipSince: new Date(submitted - limits.ipWindowSeconds * 1000),
    fingerprint: duplicateFingerprint(lead.phone, lead.service_category, lead.sub_service),
    fingerprintSince: new Date(submitted - WINDOW_SECONDS * 1000),
  };
}

/** The verdict from what was read of earlier leads: the checks, then (an acceptable lead) the duplicate claim. */
async function judge(
  db: Kysely<ScreeningDatabase>,
  kv: KeyValueStore,
  limits: ScreeningLimits,
  lead: LeadToScreen,
  fingerprint: string,
  facts: { fromIp: number; recentFingerprint: boolean },
  holds?: HoldsFingerprint,
): Promise<Screening> {
  const ipRateOk = !lead.client_ip_hash || facts.fromIp < limits.ipLimit;
  const reading = readPhone(lead.phone);
  const phone = reading.check;
  const email = checkEmail(lead.email, limits.blockedDomains);
  const content = checkContent(
    { description: lead.description, customer_name: lead.customer_name },
    limits.blockedWords,
  );
  // Only a lead that will be accepted unless it is a duplicate claims the fingerprint.
  const acceptable = phone.valid && email.valid && content.valid && ipRateOk;
  const isDup = await isDuplicate(kv, db, fingerprint, lead, facts.recentFingerprint, acceptable, holds);
  const verdict = verdictOf({ phone, email, content, isDuplicate: isDup, ipRateOk });
  return {
    ...verdict,
    screened_at: new Date(),
    claimedFingerprint: acceptable && !isDup ? fingerprint : undefined,
    phone: reading,
  };
}

/**
 * Screen a run of submitted leads (a batch of LeadSubmitted) as `screenLead` one after another
 * would, in the same transaction, with their verdicts stored only after the last (one statement,
 * `insertScreenings`): what was read of earlier leads is read once for the run, and each lead also
 * counts the run's leads before it, as the rows they would have stored by then. So two identical
 * leads of one run are the original and its duplicate even with Redis down, and a run from one
 * address passes its limit at the same lead. The Redis claims are made in order, one lead at a time.
 */
export async function screenLeads(
  db: Kysely<ScreeningDatabase>,
  kv: KeyValueStore,
  limits: ScreeningLimits,
  leads: LeadToScreen[],
): Promise<Screening[]> {
  const questions = leads.map((lead) => factsQuestion(limits, lead));
  const stored = await screeningFactsOfRun(db, limits.ipLimit, questions);
  // The run's verdicts so far: the rows `insertScreenings` will store for them.
  const before: Array<{ question: FactsQuestion; submittedAt: number; claimed?: string }> = [];
  // A claim naming a lead of this run: kept if that lead claimed the fingerprint (its verdict is not stored yet).
  const holds: HoldsFingerprint = async (trx, leadId, fingerprint) => {
    const earlier = before.find((b) => b.question.leadId === leadId);
    return earlier ? earlier.claimed === fingerprint : holdsFingerprint(trx, leadId, fingerprint);
  };
  const screenings: Screening[] = [];
  for (const [i, lead] of leads.entries()) {
    const q = questions[i]!;
    const facts = { ...stored[i]! };
    for (const b of before) {
      if (q.ipHash && b.question.ipHash === q.ipHash && b.submittedAt >= q.ipSince.getTime()) facts.fromIp++;
      if (
        b.claimed === q.fingerprint &&
        b.submittedAt >= q.fingerprintSince.getTime() &&
        b.question.leadId !== q.leadId
      )
        facts.recentFingerprint = true;
    }
    const screening = await judge(db, kv, limits, lead, q.fingerprint, facts, holds);
    before.push({ question: q, submittedAt: lead.submitted_at.getTime(), claimed: screening.claimedFingerprint });
    screenings.push(screening);
  }
  return screenings;
}
