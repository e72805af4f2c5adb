import { createHash, randomUUID } from 'node:crypto';
import { badRequest, conflict, hashToken, outboxWriteOf, type ServiceContext } from '@leadmarket/platform';
import { MESSAGES, type Urgency } from '@leadmarket/contracts';
import {
  findLead,
  findLeadByIdempotencyKey,
  insertScreenedLead,
  leadScreenedOf,
  type NewLead,
} from '../db/lead.repository.js';
import { normalisePhone } from '../domain/phone.js';
import { submitReply, type SubmitReply } from '../domain/submit-reply.js';
import type { LeadIntakeDatabase } from '../db/database.js';
import { releaseClaim, screenLead, type ScreeningLimits } from './screen-lead.js';

/** A lead as the forms (and the admin's test-lead form) send it, already schema-validated. */
export interface LeadInput {
  customer_name: string;
  phone: string;
  email: string | null;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  urgency: Urgency;
  contractor_id: string | null;
}

export interface SubmitOptions {
  clientIp: string | null;
  ipHashSalt: string;
  isTest: boolean;
  /** Screening's per-address limit and window. */
  screening: ScreeningLimits;
  /** The form's idempotency key: a retry with it answers the first lead's reply. */
  idempotencyKey?: string | null;
}

/** What makes two submissions "the same request": every field the customer typed. */
const requestHash = (input: LeadInput): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.customer_name,
        input.phone,
        input.email,
        input.zip_code,
        input.service_category,
        input.sub_service,
        input.description,
        input.urgency,
        input.contractor_id,
      ]),
    )
    .digest('hex');

/**
 * Screen the lead, then store it with its verdict and its LeadScreened in one statement, and answer
 * the verdict (docs/adr/0031-screening-in-the-submit.md): the customer is told at once whether
 * the request was accepted, and what to fix if not. A submit that repeats an earlier one's
 * idempotency key stores nothing and answers that lead's reply (or 409 when its details differ).
 */
export async function submitLead(
  ctx: ServiceContext<LeadIntakeDatabase>,
  input: LeadInput,
  options: SubmitOptions,
): Promise<SubmitReply & { lead_id: string }> {
  const phone = normalisePhone(input.phone);
  if (!phone) throw badRequest(MESSAGES.contractor.invalidPhone, 'phone');
  const key = options.idempotencyKey ?? null;
  const hash = key ? requestHash(input) : null;
  const now = new Date();
  const clientIpHash = options.clientIp ? hashToken(`${options.ipHashSalt}:${options.clientIp}`) : null;
  const record: NewLead = {
    id: randomUUID(),
    customer_name: input.customer_name,
    phone,
    email: input.email,
    zip_code: input.zip_code,
    service_category: input.service_category,
    sub_service: input.sub_service,
    description: input.description,
    urgency: input.urgency,
    preferred_contractor_id: input.contractor_id,
    client_ip_hash: clientIpHash,
    is_test: options.isTest,
    created_at: now,
    idempotency_key: key,
    request_hash: hash,
  };
  const screening = await screenLead(ctx.db, ctx.kv, options.screening, { ...record, submitted_at: now });
  // A claim whose lead is not stored is given back (best effort: it stops counting after a minute).
  const giveBackClaim = async () => {
    if (screening.claimedFingerprint)
      await releaseClaim(ctx.kv, screening.claimedFingerprint, record.id).catch(() => {});
  };
  // No look-up of the key first: the unique index finds a repeat (ON CONFLICT DO NOTHING), so a
  // first submission, nearly every one, costs no extra round trip; only a repeat reads its lead.
  // The envelope waits for the relay's after-commit hand-off, as ctx.emit's would; after a conflict
  // nothing is written and its token expires unused.
  let stored: boolean;
  try {
    stored = await insertScreenedLead(
      ctx.db,
      record,
      screening,
      outboxWriteOf(ctx.service, leadScreenedOf(record, screening)),
    );
  } catch (err) {
    await giveBackClaim();
    throw err;
  }
  if (stored) {
    return { ...submitReply(screening.status, screening.validation_summary, screening.reasons), lead_id: record.id };
  }
  await giveBackClaim();
  // A repeat of an earlier submission (or of a concurrent retry) with the same key: its own verdict.
  const earlier = await findLeadByIdempotencyKey(ctx.db, key!);
  if (!earlier || earlier.request_hash !== hash) throw conflict(MESSAGES.leadSubmit.keyReused);
  const lead = await findLead(ctx.db, earlier.id);
  const screened = lead?.screened_at && lead.validation_summary;
  return {
    ...submitReply(
      screened ? (lead.status === 'rejected' ? 'rejected' : 'valid') : null,
      screened ? lead.validation_summary : null,
      lead?.rejection_reasons ?? null,
    ),
    lead_id: earlier.id,
  };
}
