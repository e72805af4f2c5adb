import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import type { KeyValueStore } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import type { LeadIntakeConfig } from '../config.js';
import type { LeadIntakeDatabase } from '../db/database.js';
import type { LeadVerdict } from '../db/lead.repository.js';
import { holdsFingerprint, screeningFacts } from '../db/screening.repository.js';
import { checkContent } from '../domain/screening/content-check.js';
import { checkEmail } from '../domain/screening/email-check.js';
import { duplicateClaimKey, duplicateFingerprint } from '../domain/screening/fingerprint.js';
import { checkPhone } from '../domain/screening/phone-check.js';
import { verdictOf } from '../domain/screening/verdict.js';

const WINDOW_SECONDS = DUPLICATE_WINDOW_DAYS * 24 * 3600;

/**
 * How long a claim whose lead is not stored counts as a submit in flight. A submit claims, then
 * stores the lead in its next statement; a claim still unstored after this was left by a submit that
 * failed or died between the two, and must not refuse the customer's next try for 30 days.
 */
const UNSTORED_CLAIM_MS = 60_000;

/** The lead as screening reads it (phone already normalised). */
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
  /** The form's idempotency key: a retry of the same submission is never its duplicate. */
  idempotency_key?: string | null;
}

/** Screening's per-address limit and window, as lead-intake's configuration has them. */
export type ScreeningLimits = Pick<LeadIntakeConfig, 'SCREENING_IP_LIMIT' | 'SCREENING_IP_WINDOW_SECONDS'>;

/** The verdict, and the fingerprint this lead claimed (stored with the lead, released if the lead is not). */
export type Screening = LeadVerdict & { claimedFingerprint?: string };

/**
 * A claim's value: the claiming lead, when it claimed (an unstored claim ages out, UNSTORED_CLAIM_MS)
 * and the form's idempotency key if it sent one (the key has no spaces: its schema).
 */
export const claimValue = (leadId: string, at: number, idempotencyKey?: string | null): string =>
  `${leadId} ${at}${idempotencyKey ? ` ${idempotencyKey}` : ''}`;
const readClaim = (value: string): { leadId: string; at: number; idempotencyKey?: string } => {
  const [leadId = '', at, idempotencyKey] = value.split(' ');
  // A claim written by the screening service named the lead alone: as old as can be.
  return { leadId, at: Number(at) || 0, idempotencyKey };
};

/**
 * Only accepted leads count as the original of a duplicate (docs/adr/0004-duplicates-count-accepted-leads.md).
 * PostgreSQL (the accepted fingerprints, asked before this, `seenInDatabase`) is the truth of the
 * window. A lead it does not rule out and that passes every other check claims its fingerprint:
 * Redis `setIfAbsent` makes two simultaneous identical submits race for one claim. A lead refused
 * for another reason only asks, never claims, so its corrected resubmission is not its duplicate.
 */
async function isDuplicate(
  kv: KeyValueStore,
  db: Kysely<LeadIntakeDatabase>,
  fingerprint: string,
  lead: Pick<LeadToScreen, 'id' | 'idempotency_key'>,
  seenInDatabase: boolean,
  claim: boolean,
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
    const kept = await holdsFingerprint(db, holder.leadId, fingerprint);
    // A stored holder without its fingerprint is no original (deleted since); an unstored one is
    // a submit in flight (the race the claim is for) until its claim ages out.
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
 * Release `leadId`'s claim of a fingerprint: the lead was not stored after all, or was deleted. Only
 * while the claim still names it: a newer lead that took the key since keeps it. Throws when Redis
 * is down (then an unstored claim stops counting after UNSTORED_CLAIM_MS, and a deleted holder,
 * stored without its fingerprint row, is no original).
 */
export async function releaseClaim(kv: KeyValueStore, fingerprint: string, leadId: string): Promise<void> {
  const key = duplicateClaimKey(fingerprint);
  const value = await kv.get(key);
  if (value !== null && readClaim(value).leadId === leadId) await kv.deleteIfEquals(key, value);
}

/**
 * Screen a lead before it is stored: phone, email, content, duplicates (30 days, accepted leads),
 * leads from its address in the window. Every failed check is a reason. The caller stores the
 * verdict, the claimed fingerprint and LeadScreened with the lead, in one statement.
 */
export async function screenLead(
  db: Kysely<LeadIntakeDatabase>,
  kv: KeyValueStore,
  limits: ScreeningLimits,
  lead: LeadToScreen,
): Promise<Screening> {
  const fingerprint = duplicateFingerprint(lead.phone, lead.service_category, lead.sub_service);
  const submitted = lead.submitted_at.getTime();
  // Both reads of earlier leads in one statement (each statement is a round trip).
  const facts = await screeningFacts(db, {
    ipHash: lead.client_ip_hash,
    ipSince: new Date(submitted - limits.SCREENING_IP_WINDOW_SECONDS * 1000),
    ipLimit: limits.SCREENING_IP_LIMIT,
    fingerprint,
    fingerprintSince: new Date(submitted - WINDOW_SECONDS * 1000),
  });
  const ipRateOk = !lead.client_ip_hash || facts.fromIp < limits.SCREENING_IP_LIMIT;
  const phone = checkPhone(lead.phone);
  const email = checkEmail(lead.email);
  const content = checkContent({ description: lead.description, customer_name: lead.customer_name });
  // Only a lead that will be accepted unless it is a duplicate claims the fingerprint.
  const acceptable = phone.valid && email.valid && content.valid && ipRateOk;
  const isDup = await isDuplicate(kv, db, fingerprint, lead, facts.recentFingerprint, acceptable);
  const verdict = verdictOf({ phone, email, content, isDuplicate: isDup, ipRateOk });
  return {
    ...verdict,
    screened_at: new Date(),
    claimedFingerprint: acceptable && !isDup ? fingerprint : undefined,
  };
}
