import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { ScreeningDatabase } from '../db/database.js';
import {
  countScreeningsFromIp,
  hasRecentFingerprint,
  insertFingerprint,
  insertScreening,
  screeningStatusOf,
} from '../db/screening.repository.js';
import { checkContent } from '../domain/content-check.js';
import { checkEmail } from '../domain/email-check.js';
import { duplicateFingerprint } from '../domain/fingerprint.js';
import { checkPhone } from '../domain/phone-check.js';
import { verdictOf } from '../domain/verdict.js';
import type { KeyValueStore } from '@leadmarket/platform';
import { defineScreeningConsumer } from '../context.js';

const WINDOW_SECONDS = DUPLICATE_WINDOW_DAYS * 24 * 3600;

/**
 * Only accepted leads count as the original of a duplicate (docs/adr/0004-15-duplicates-count-accepted-leads.md).
 * A lead that passes every other check claims its fingerprint: Redis `setIfAbsent` makes two
 * simultaneous identical requests race for one claim; PostgreSQL (the accepted fingerprints) is
 * asked whenever Redis does not know. A lead refused for another reason only asks, never claims,
 * so its corrected resubmission is not its duplicate.
 */
async function isDuplicate(
  kv: KeyValueStore,
  trx: Kysely<ScreeningDatabase>,
  fingerprint: string,
  leadId: string,
  submittedAt: Date,
  claim: boolean,
): Promise<boolean> {
  const key = `screening:dup:${fingerprint}`;
  let duplicate = false;
  try {
    if (claim && (await kv.setIfAbsent(key, leadId, WINDOW_SECONDS))) duplicate = false;
    else {
      const holder = await kv.get(key);
      duplicate = holder !== null && holder !== leadId;
      // A key written before this rule (or by a lead since refused) may name a rejected lead: that is no original.
      if (duplicate && (await screeningStatusOf(trx, holder!)) === 'rejected') {
        duplicate = false;
        if (claim) await kv.set(key, leadId, WINDOW_SECONDS);
      }
    }
  } catch {
    // Redis down: the database alone decides.
  }
  if (!duplicate)
    duplicate = await hasRecentFingerprint(
      trx,
      fingerprint,
      new Date(submittedAt.getTime() - WINDOW_SECONDS * 1000),
      leadId,
    );
  if (claim && !duplicate) await insertFingerprint(trx, fingerprint, leadId, submittedAt);
  return duplicate;
}

/** Screen a new lead (phone, email, content, duplicates, IP rate), record every reason, emit LeadScreened. */
export const leadSubmittedConsumer = defineScreeningConsumer({
  event: 'LeadSubmitted',
  async handle({ data }, ctx) {
    const { config } = ctx.service;
    const submittedAt = new Date(data.submitted_at);
    const fingerprint = duplicateFingerprint(data.phone, data.service_category, data.sub_service);
    let ipRateOk = true;
    if (data.client_ip_hash) {
      const since = new Date(submittedAt.getTime() - config.SCREENING_IP_WINDOW_SECONDS * 1000);
      ipRateOk = (await countScreeningsFromIp(ctx.trx, data.client_ip_hash, since)) < config.SCREENING_IP_LIMIT;
    }
    const phone = checkPhone(data.phone);
    const email = checkEmail(data.email);
    const content = checkContent({ description: data.description, customer_name: data.customer_name });
    // Only a lead that will be accepted unless it is a duplicate claims the fingerprint.
    const acceptable = phone.valid && email.valid && content.valid && ipRateOk;
    const isDup = await isDuplicate(ctx.kv, ctx.trx, fingerprint, data.lead_id, submittedAt, acceptable);
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
