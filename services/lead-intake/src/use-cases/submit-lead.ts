import { createHash, randomUUID } from 'node:crypto';
import { badRequest, conflict, hashToken, outboxWriteOf, type ServiceContext } from '@leadmarket/platform';
import { MESSAGES, type Urgency } from '@leadmarket/contracts';
import { findLeadByIdempotencyKey, insertLeadWithEvent, leadSubmittedOf, type NewLead } from '../db/lead.repository.js';
import { normalisePhone } from '../domain/phone.js';
import { submitReply, type SubmitReply } from '../domain/submit-reply.js';
import type { ScreeningWaiter, VerdictWatch } from '../screening-wakeups.js';
import type { LeadIntakeDatabase } from '../db/database.js';

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
  waitMs: number;
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
 * Store the lead and its LeadSubmitted in one statement, then wait (bounded) for screening's
 * verdict. Past the wait the lead is still screened; the reply just says "pending". A submit that
 * repeats an earlier one's idempotency key stores nothing and answers that lead's reply (or 409
 * when its details differ).
 */
export async function submitLead(
  ctx: ServiceContext<LeadIntakeDatabase>,
  waiter: ScreeningWaiter,
  input: LeadInput,
  options: SubmitOptions,
): Promise<SubmitReply & { lead_id: string }> {
  const phone = normalisePhone(input.phone);
  if (!phone) throw badRequest(MESSAGES.contractor.invalidPhone, 'phone');
  const key = options.idempotencyKey ?? null;
  const hash = key ? requestHash(input) : null;
  let id: string = randomUUID();
  const now = new Date();
  const clientIpHash = options.clientIp ? hashToken(`${options.ipHashSalt}:${options.clientIp}`) : null;
  // Listening before the commit: the verdict's wake-up cannot be missed, and no first read is needed.
  // (A watch that is never awaited, e.g. the insert failed, ends on its own after a while.)
  let watch: VerdictWatch | undefined = waiter.watch(id);
  // The lead and its LeadSubmitted in one statement, one round trip (a transaction of the two took
  // three: BEGIN, the insert, the outbox write with COMMIT; the submit was lead-intake's largest
  // share of round trips). The envelope waits for the relay's after-commit hand-off, as ctx.emit's
  // would; after an idempotency-key conflict nothing is written and its token expires unused.
  // No look-up of the key first: the unique index finds a repeat (ON CONFLICT DO NOTHING), so a
  // first submission, nearly every one, costs no extra round trip; only a repeat reads its lead.
  const record: NewLead = {
    id,
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
  const stored = await insertLeadWithEvent(ctx.db, record, outboxWriteOf(ctx.service, leadSubmittedOf(record)));
  if (!stored) {
    watch.cancel();
    watch = undefined;
    // A repeat of an earlier submission (or of a concurrent retry) with the same key.
    const earlier = await findLeadByIdempotencyKey(ctx.db, key!);
    if (!earlier || earlier.request_hash !== hash) throw conflict(MESSAGES.leadSubmit.keyReused);
    id = earlier.id;
  }
  const lead = watch ? await watch.verdict(options.waitMs) : await waiter.waitForVerdict(id, options.waitMs);
  const screened = lead?.screened_at && lead.validation_summary;
  const verdict = screened ? (lead.status === 'rejected' ? 'rejected' : 'valid') : null;
  return {
    ...submitReply(verdict, screened ? lead.validation_summary : null, lead?.rejection_reasons ?? null),
    lead_id: id,
  };
}
