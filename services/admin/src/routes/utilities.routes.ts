import {
  AdminAuditLogQuerySchema,
  AdminCreateLeadSchema,
  AdminSiteMessagesQuerySchema,
  functionPath,
} from '@leadmarket/contracts';
import { badRequest, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { recordAudit } from '../use-cases/record-audit.js';
import { listAdmins } from '../db/admin.repository.js';
import { rejectionReasons, testLeadMessage } from '../domain/screening-verdict.js';
import { auditActions, listAuditEntries } from '../db/audit-log.repository.js';
import { callOwner } from '../owners/owner-call.js';

/** admin-utilities (create_lead), admin-site-messages and admin-audit-log. */
export function registerUtilityRoutes(app: ServiceApp, ctx: ServiceContext): void {
  app.post(functionPath('admin-utilities'), async (request) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    if (body.action !== 'create_lead') throw badRequest('Unknown action: only create_lead is supported', 'action');
    const input = AdminCreateLeadSchema.parse(body);
    // The same pipeline as leads-submit, marked as a test lead wherever it shows.
    const created = await callOwner<{
      lead_id: string;
      status: string;
      validation_summary?: Record<string, unknown> | null;
      /** Screening's reasons tied to their field, in the customer's words (contracts' lead-reasons). */
      problems?: Array<{ field: string | null; message: string }>;
    }>(ctx, 'lead-intake', '/internal/leads', {
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
    // The lead exists either way; the answer says whether screening let it through, and why not:
    // the field-tied problems lead-intake answers the customer with, else the summary's failed checks.
    const problems = created.status === 'rejected' ? (created.problems ?? []) : [];
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
      validation_summary: created.validation_summary ?? null,
    };
  });

  app.get(functionPath('admin-site-messages'), async (request) => {
    const query = AdminSiteMessagesQuerySchema.parse(request.query);
    return callOwner(ctx, 'lead-intake', '/internal/site-messages', { query });
  });

  app.get(functionPath('admin-audit-log'), async (request) => {
    const query = AdminAuditLogQuerySchema.parse(request.query);
    const [{ rows, total }, actions, admins] = await Promise.all([
      listAuditEntries(ctx.db, query),
      auditActions(ctx.db),
      listAdmins(ctx.db),
    ]);
    const emails = new Map(admins.map((a) => [a.id, a.email]));
    return {
      entries: rows.map((r) => ({ ...r, admin_email: emails.get(r.admin_id) ?? null })),
      total,
      page: query.page,
      actions,
      admins,
    };
  });
}
