import { createHash, randomUUID } from 'node:crypto';
import { badRequest, conflict, hashToken, notFound, outboxWriteOf, type ServiceContext } from '@leadmarket/platform';
import { MESSAGES, toE164, type Urgency } from '@leadmarket/contracts';
import {
  findLead,
  findLeadByIdempotencyKey,
  findLeadBySubmitter,
  insertLeadWithEvent,
  leadSubmittedOf,
  markVerdictAwaited,
  recordScreening,
  type NewLead,
} from '../db/lead.repository.js';
import { customerFingerprintKey } from '../db/site-intake.repository.js';
import { customerFingerprint } from '../domain/customer-fingerprint.js';
import { submitReply, type SubmitReply } from '../domain/submit-reply.js';
import type { ScreeningReplies, ScreeningWait } from '../screening-replies.js';
import type { LeadIntakeDatabase, LeadRow, LeadsTable } from '../db/database.js';

/** A lead as the forms (and the admin's test-lead form) send it, already schema-validated. */
export type LeadInput = Pick<
  LeadsTable,
  'customer_name' | 'phone' | 'email' | 'zip_code' | 'service_category' | 'sub_service' | 'description'
> & { urgency: Urgency; contractor_id: string | null };

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
 * Store the lead and its LeadSubmitted in one statement, then wait (bounded) for screening's answer
 * to it, which comes over the bus to this instance (request–reply: docs/adr/0039). Past the wait
 * the reply says "pending", the lead is still screened, and the customer is told the verdict by
 * SMS/email when it comes. A submit that repeats an earlier one's idempotency key stores nothing
 * and answers that lead's state (or 409 when its details differ).
 */
export async function submitLead(
  ctx: ServiceContext<LeadIntakeDatabase>,
  replies: ScreeningReplies,
  input: LeadInput,
  options: SubmitOptions,
): Promise<SubmitReply & { lead_id: string }> {
  const phone = toE164(input.phone);
  if (!phone) throw badRequest(MESSAGES.contractor.invalidPhone, 'phone');
  const key = options.idempotencyKey ?? null;
  const hash = key ? requestHash(input) : null;
  const id: string = randomUUID();
  const now = new Date();
  const clientIpHash = options.clientIp ? hashToken(`${options.ipHashSalt}:${options.clientIp}`) : null;
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
  // The customer's keyed fingerprint travels with the lead (LeadSubmitted, then LeadScreened), so
  // wallet-ledger knows it before any sale (docs/adr/0043).
  const fingerprintKey = await customerFingerprintKey(ctx.db);
  // Waiting before the statement: the answer cannot come before anyone waits for it.
  const wait: ScreeningWait = replies.expect(id);
  // The lead and its LeadSubmitted in one statement, one round trip. Once it has committed the
  // envelope goes to this process's relay, which publishes it as a request (screening answers this
  // lead id to this instance); after an idempotency-key conflict nothing is written and the token
  // expires unused. No look-up of the key first: the unique index finds a repeat.
  let stored: boolean;
  try {
    stored = await insertLeadWithEvent(
      ctx.db,
      record,
      outboxWriteOf(ctx.service, leadSubmittedOf(record, customerFingerprint(fingerprintKey, phone)), {
        requestCorrelationId: id,
      }),
    );
  } catch (err) {
    wait.cancel();
    throw err;
  }
  if (!stored) {
    wait.cancel();
    // A repeat of an earlier submission (or of a concurrent retry) with the same key.
    const earlier = await findLeadByIdempotencyKey(ctx.db, key!);
    if (!earlier || earlier.request_hash !== hash) throw conflict(MESSAGES.leadSubmit.keyReused);
    const lead = await findLead(ctx.db, earlier.id);
    const state = lead?.status === 'screening' ? await markVerdictAwaited(ctx.db, earlier.id) : lead;
    return { ...replyOf(state), lead_id: earlier.id };
  }
  const answer = await wait.answer(options.waitMs);
  if (answer) {
    // Stored before the customer hears it, so the lead is in the state the reply tells (its
    // LeadScreened, the same committed verdict, then finds it moved and changes nothing).
    await recordScreening(ctx.db, id, { ...answer, screened_at: new Date(answer.screened_at) });
    return { ...submitReply(answer.status, answer.validation_summary, answer.reasons), lead_id: id };
  }
  // No answer in time: the customer will be told by SMS/email, unless the verdict was stored
  // meanwhile (its LeadScreened came first), which the same statement returns for the reply.
  return { ...replyOf(await markVerdictAwaited(ctx.db, id)), lead_id: id };
}

/**
 * What leads-submit would answer now for a lead its submitter holds the id and the form's
 * idempotency key of. Any other pair (wrong key, unknown lead, a lead sent without a key) is the
 * same 404, so the read says nothing about anybody else's lead.
 */
export async function submittedLeadReply(
  ctx: ServiceContext<LeadIntakeDatabase>,
  leadId: string,
  idempotencyKey: string,
): Promise<SubmitReply & { lead_id: string }> {
  const lead = await findLeadBySubmitter(ctx.db, leadId, idempotencyKey);
  if (!lead) throw notFound(MESSAGES.leadSubmit.unknownRequest);
  return { ...replyOf(lead), lead_id: lead.id };
}

/** The reply for a lead's stored state: its verdict once screened, else "pending". */
function replyOf(
  lead: Pick<LeadRow, 'status' | 'validation_summary' | 'rejection_reasons' | 'screened_at'> | undefined,
): SubmitReply {
  const screened = lead?.screened_at && lead.validation_summary;
  return submitReply(
    screened ? (lead.status === 'rejected' ? 'rejected' : 'valid') : null,
    screened ? lead.validation_summary : null,
    lead?.rejection_reasons ?? null,
  );
}
