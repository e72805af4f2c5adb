import { randomUUID } from 'node:crypto';
import { badRequest, hashToken, type ServiceContext } from '@leadmarket/platform';
import { MESSAGES, type Urgency } from '@leadmarket/contracts';
import { insertLead } from '../db/lead.repository.js';
import { normalisePhone } from '../domain/phone.js';
import { submitReply, type SubmitReply } from '../domain/submit-reply.js';
import type { ScreeningWaiter } from '../screening-wakeups.js';

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
}

/**
 * Store the lead and its LeadSubmitted in one transaction, then wait (bounded) for screening's
 * verdict. Past the wait the lead is still screened; the reply just says "pending".
 */
export async function submitLead(
  ctx: ServiceContext,
  waiter: ScreeningWaiter,
  input: LeadInput,
  options: SubmitOptions,
): Promise<SubmitReply & { lead_id: string }> {
  const phone = normalisePhone(input.phone);
  if (!phone) throw badRequest(MESSAGES.contractor.invalidPhone, 'phone');
  const id = randomUUID();
  const now = new Date();
  const clientIpHash = options.clientIp ? hashToken(`${options.ipHashSalt}:${options.clientIp}`) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await insertLead(trx, {
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
    });
    await ctx.emit(trx, [
      {
        type: 'LeadSubmitted',
        data: {
          lead_id: id,
          service_category: input.service_category,
          sub_service: input.sub_service,
          zip_code: input.zip_code,
          urgency: input.urgency,
          customer_name: input.customer_name,
          phone,
          email: input.email,
          description: input.description,
          preferred_contractor_id: input.contractor_id,
          client_ip_hash: clientIpHash,
          is_test: options.isTest,
          submitted_at: now.toISOString(),
        },
      },
    ]);
  });
  const lead = await waiter.waitForVerdict(id, options.waitMs);
  const screened = lead?.screened_at && lead.validation_summary;
  const verdict = screened ? (lead.status === 'rejected' ? 'rejected' : 'valid') : null;
  return { ...submitReply(verdict, screened ? lead.validation_summary : null), lead_id: id };
}
