import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { ScreeningDatabase } from '../db/database.js';
import { holdsFingerprint, insertScreening, screeningFacts } from '../db/screening.repository.js';
import { checkContent } from '../domain/content-check.js';
import { checkEmail } from '../domain/email-check.js';
import { duplicateClaimKey, duplicateFingerprint } from '../domain/fingerprint.js';
import { checkPhone } from '../domain/phone-check.js';
import { verdictOf } from '../domain/verdict.js';
import type { KeyValueStore } from '@leadmarket/platform';
import { defineScreeningConsumer } from '../context.js';

const WINDOW_SECONDS = DUPLICATE_WINDOW_DAYS * 24 * 3600;

/**
 * Only accepted leads count as the original of a duplicate (docs/adr/0004-15-duplicates-count-accepted-leads.md).
 * PostgreSQL (the accepted fingerprints, asked before this, `seenInDatabase`) is the truth of the
 * window. A lead it does not rule out and that passes every other check claims its fingerprint:
 * Redis `setIfAbsent` makes two simultaneous identical requests race for one claim. A lead refused
 * for another reason only asks, never claims, so its corrected resubmission is not its duplicate.
 */
async function isDuplicate(
  kv: KeyValueStore,
  trx: Kysely<ScreeningDatabase>,
  fingerprint: string,
  leadId: string,
  seenInDatabase: boolean,
  claim: boolean,
): Promise<boolean> {
  // An accepted lead in the window decides it: Redis could only agree.
  if (seenInDatabase) return true;
  const key = duplicateClaimKey(fingerprint);
  try {
    if (claim && (await kv.setIfAbsent(key, leadId, WINDOW_SECONDS))) return false;
    const holder = await kv.get(key);
    if (holder === null || holder === leadId) return false;
    // A key may name a lead that is no original: one rejected (written before this rule) or deleted since.
    if (!(await holdsFingerprint(trx, holder, fingerprint))) {
      if (claim) await kv.set(key, leadId, WINDOW_SECONDS);
      return false;
    }
    return true;
  } catch {
    // Redis down: the database (asked already) alone decides.
    return false;
  }
}

/** Screen a new lead (phone, email, content, duplicates, IP rate), record every reason, emit LeadScreened. */
export const leadSubmittedConsumer = defineScreeningConsumer({
  event: 'LeadSubmitted',
  async handle({ data }, ctx) {
    const { config } = ctx.service;
    const submittedAt = new Date(data.submitted_at);
    const fingerprint = duplicateFingerprint(data.phone, data.service_category, data.sub_service);
    // Both reads of earlier leads in one statement (each statement is a round trip; issue 19).
    const facts = await screeningFacts(ctx.trx, {
      leadId: data.lead_id,
      ipHash: data.client_ip_hash,
      ipSince: new Date(submittedAt.getTime() - config.SCREENING_IP_WINDOW_SECONDS * 1000),
      ipLimit: config.SCREENING_IP_LIMIT,
      fingerprint,
      fingerprintSince: new Date(submittedAt.getTime() - WINDOW_SECONDS * 1000),
    });
    const ipRateOk = !data.client_ip_hash || facts.fromIp < config.SCREENING_IP_LIMIT;
    const phone = checkPhone(data.phone);
    const email = checkEmail(data.email);
    const content = checkContent({ description: data.description, customer_name: data.customer_name });
    // Only a lead that will be accepted unless it is a duplicate claims the fingerprint.
    const acceptable = phone.valid && email.valid && content.valid && ipRateOk;
    const isDup = await isDuplicate(ctx.kv, ctx.trx, fingerprint, data.lead_id, facts.recentFingerprint, acceptable);
    const verdict = verdictOf({ phone, email, content, isDuplicate: isDup, ipRateOk });
    const screenedAt = new Date();
    await insertScreening(ctx.trx, {
      lead_id: data.lead_id,
      status: verdict.status,
      summary: verdict.validation_summary,
      reasons: verdict.reasons,
      client_ip_hash: data.client_ip_hash,
      is_test: data.is_test,
      submitted_at: submittedAt,
      screened_at: screenedAt,
      // An accepted lead keeps its fingerprint for the window, in the same statement as its verdict.
      fingerprint: acceptable && !isDup ? fingerprint : undefined,
    });
    await ctx.emit([
      {
        type: 'LeadScreened',
        data: {
          lead_id: data.lead_id,
          status: verdict.status,
          validation_summary: verdict.validation_summary,
          reasons: verdict.reasons,
          service_category: data.service_category,
          sub_service: data.sub_service,
          zip_code: data.zip_code,
          urgency: data.urgency,
          description: data.description,
          preferred_contractor_id: data.preferred_contractor_id,
          is_test: data.is_test,
          submitted_at: data.submitted_at,
          screened_at: screenedAt.toISOString(),
        },
      },
    ]);
  },
});
