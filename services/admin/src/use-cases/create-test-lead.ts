import type { AdminCreateLeadSchema, AdminTestLeadResponse } from '@leadmarket/contracts';
import type { ServiceContext } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { rejectionReasons, testLeadMessage } from '../domain/screening-verdict.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';
import { recordAudit } from './record-audit.js';

/**
 * admin-utilities create_lead: a lead through the same pipeline as leads-submit (lead-intake),
 * marked as a test lead wherever it shows, and audited. The lead exists either way; the answer says
 * whether screening let it through, and why not: the field-tied problems lead-intake answers the
 * customer with, else the summary's failed checks.
 */
export async function createTestLead(
  ctx: ServiceContext<AdminDatabase>,
  request: FastifyRequest,
  input: z.infer<typeof AdminCreateLeadSchema>,
): Promise<AdminTestLeadResponse> {
  const created = await ownerCall(ctx, 'createLead', {
    body: {
      customer_name: input.customer_name,
      phone: input.phone,
      email: input.email,
      service_category: input.service_category,
      sub_service: input.sub_service,
      zip_code: input.zip_code,
      description: input.description,
      is_test: true,
    },
  });
  await recordAudit(ctx, request, {
    action: 'lead.create_test',
    target_type: 'lead',
    target_id: created.lead_id,
    before: null,
    after: {
      status: created.status,
      service_category: input.service_category,
      zip_code: input.zip_code,
      is_test: true,
    },
  });
  const problems = created.status === 'rejected' ? created.problems : [];
  const reasons =
    created.status !== 'rejected'
      ? []
      : problems.length
        ? problems.map((p) => p.message)
        : rejectionReasons(created.validation_summary);
  return {
    success: true as const,
    message: testLeadMessage(created.status, reasons),
    lead_id: created.lead_id,
    status: created.status,
    reasons,
    problems,
    validation_summary: created.validation_summary,
  };
}
