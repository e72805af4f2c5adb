import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import { defineConsumer } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import {
  countScreeningsFromIp,
  hasRecentFingerprint,
  insertFingerprint,
  insertScreening,
} from '../db/screening.repository.js';
import { checkContent } from '../domain/content-check.js';
import { checkEmail } from '../domain/email-check.js';
import { duplicateFingerprint } from '../domain/fingerprint.js';
import { checkPhone } from '../domain/phone-check.js';
import { verdictOf } from '../domain/verdict.js';
import type { KeyValueStore } from '@leadmarket/platform';
import { loadScreeningConfig, type ScreeningConfig } from '../config.js';

const WINDOW_SECONDS = DUPLICATE_WINDOW_DAYS * 24 * 3600;

/** Redis answers "seen recently" without a query; PostgreSQL is asked whenever Redis does not know. */
async function isDuplicate(
  kv: KeyValueStore,
  trx: Kysely<any>,
  fingerprint: string,
  leadId: string,
  submittedAt: Date,
): Promise<boolean> {
  const key = `screening:dup:${fingerprint}`;
  let duplicate = false;
  try {
    const first = await kv.setIfAbsent(key, leadId, WINDOW_SECONDS);
    if (!first) {
      const holder = await kv.get(key);
      duplicate = holder !== null && holder !== leadId;
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
  await insertFingerprint(trx, fingerprint, leadId, submittedAt);
  return duplicate;
}

// Parsed once per environment object (one per process), not once per event.
const configs = new WeakMap<object, ScreeningConfig>();
function configOf(env: Record<string, string | undefined>): ScreeningConfig {
  let config = configs.get(env);
  if (!config) configs.set(env, (config = loadScreeningConfig(env)));
  return config;
}

/** Screen a new lead (phone, email, content, duplicates, IP rate), record every reason, emit LeadScreened. */
export const leadSubmittedConsumer = defineConsumer({
  event: 'LeadSubmitted',
  async handle({ data }, ctx) {
    const config = configOf(ctx.env);
    const submittedAt = new Date(data.submitted_at);
    const fingerprint = duplicateFingerprint(data.phone, data.service_category, data.sub_service);
    const isDup = await isDuplicate(ctx.kv, ctx.trx, fingerprint, data.lead_id, submittedAt);
    let ipRateOk = true;
    if (data.client_ip_hash) {
      const since = new Date(submittedAt.getTime() - config.SCREENING_IP_WINDOW_SECONDS * 1000);
      ipRateOk = (await countScreeningsFromIp(ctx.trx, data.client_ip_hash, since)) < config.SCREENING_IP_LIMIT;
    }
    const verdict = verdictOf({
      phone: checkPhone(data.phone),
      email: checkEmail(data.email),
      content: checkContent({ description: data.description, customer_name: data.customer_name }),
      isDuplicate: isDup,
      ipRateOk,
    });
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
