import {
  AdminBulkDeleteContractorsSchema,
  AdminBulkDeleteLeadsSchema,
  AdminDeleteContractorSchema,
  AdminDeleteLeadSchema,
  functionPath,
  MESSAGES,
} from '@leadmarket/contracts';
import { adminIdOf, HttpError, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../use-cases/record-audit.js';
import { summariseBulkDelete, uniqueIds, type DeleteOutcome } from '../domain/bulk-delete.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** The spec sends single-delete ids in the body; query parameters work too. */
const bodyOrQuery = (request: FastifyRequest) => ({
  ...((request.query as Record<string, unknown>) ?? {}),
  ...(request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}),
});

/** A 5xx (503) from an owner means nothing could be decided: a bulk delete answers that, not a list of failures. */
const ownerDown = (error: unknown) => error instanceof HttpError && error.statusCode >= 500;

/**
 * admin-delete-contractor, admin-bulk-delete-contractors, admin-delete-lead, admin-bulk-delete-leads.
 * The owners anonymise and keep ledger history; each deletion is audited with what it removed.
 */
export function registerDeleteRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  async function deleteContractor(request: FastifyRequest, id: string): Promise<void> {
    const adminId = adminIdOf(request);
    const before = await ownerCall(ctx, 'contractor', { params: { id } });
    await ownerCall(ctx, 'deleteContractor', { params: { id }, query: { admin_id: adminId } });
    // Only what identifies the account to the operator: the personal data is what the deletion removes.
    await recordAudit(ctx, request, {
      action: 'contractor.delete',
      target_type: 'contractor',
      target_id: id,
      before: { id: before.id, business_name: before.business_name, industry: before.industry },
      after: { deleted: true },
    });
  }

  async function deleteLead(request: FastifyRequest, id: string): Promise<void> {
    const lookup = await ownerCall(ctx, 'leadLookup', { body: { ids: [id] } });
    const before = lookup.leads?.find((l) => l.id === id);
    await ownerCall(ctx, 'deleteLead', { params: { id } });
    await recordAudit(ctx, request, {
      action: 'lead.delete',
      target_type: 'lead',
      target_id: id,
      before: before
        ? {
            status: before.status,
            service_category: before.service_category,
            zip_code: before.zip_code,
            is_test: before.is_test,
          }
        : null,
      after: { deleted: true },
    });
  }

  async function bulk(
    request: FastifyRequest,
    ids: string[],
    one: (request: FastifyRequest, id: string) => Promise<void>,
  ) {
    const outcomes: DeleteOutcome[] = [];
    for (const id of uniqueIds(ids)) {
      try {
        await one(request, id);
        outcomes.push({ id, ok: true });
      } catch (error) {
        if (ownerDown(error)) throw error;
        outcomes.push({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return outcomes;
  }

  app.delete(functionPath('admin-delete-contractor'), async (request) => {
    const { contractor_id } = AdminDeleteContractorSchema.parse(bodyOrQuery(request));
    await deleteContractor(request, contractor_id);
    return { success: true as const, message: MESSAGES.adminSuccess.contractorDeleted };
  });

  app.delete(functionPath('admin-bulk-delete-contractors'), async (request) => {
    const { contractor_ids } = AdminBulkDeleteContractorsSchema.parse(bodyOrQuery(request));
    const outcomes = await bulk(request, contractor_ids, deleteContractor);
    return summariseBulkDelete(outcomes, MESSAGES.adminSuccess.contractorsDeleted);
  });

  app.delete(functionPath('admin-delete-lead'), async (request) => {
    const { lead_id } = AdminDeleteLeadSchema.parse(bodyOrQuery(request));
    await deleteLead(request, lead_id);
    return { success: true as const, message: MESSAGES.adminSuccess.leadDeleted };
  });

  app.delete(functionPath('admin-bulk-delete-leads'), async (request) => {
    const { lead_ids } = AdminBulkDeleteLeadsSchema.parse(bodyOrQuery(request));
    const outcomes = await bulk(request, lead_ids, deleteLead);
    return summariseBulkDelete(outcomes, MESSAGES.adminSuccess.leadsDeleted);
  });
}
