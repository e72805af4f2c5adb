import {
  AdminAuditLogQuerySchema,
  AdminCreateLeadSchema,
  AdminSiteMessagesQuerySchema,
  functionPath,
  MESSAGES,
} from '@leadmarket/contracts';
import { badRequest, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { recordAudit } from '../audit.js';
import { adminEmails } from '../db/admin.repository.js';
import { listAuditEntries } from '../db/audit-log.repository.js';
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
      message: string;
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
    return {
      success: true as const,
      // Truthful: success only for a valid lead; otherwise screening's answer (what to fix, or "checking it").
      message: created.status === 'valid' ? MESSAGES.adminSuccess.testLeadCreated : created.message,
      lead_id: created.lead_id,
      status: created.status,
      problems: created.problems ?? [],
    };
  });

  app.get(functionPath('admin-site-messages'), async (request) => {
    const query = AdminSiteMessagesQuerySchema.parse(request.query);
    return callOwner(ctx, 'lead-intake', '/internal/site-messages', { query });
  });

  app.get(functionPath('admin-audit-log'), async (request) => {
    const query = AdminAuditLogQuerySchema.parse(request.query);
    const { rows, total } = await listAuditEntries(ctx.db, query);
    const emails = await adminEmails(
      ctx.db,
      [...new Set(rows.map((r) => r.admin_id))].filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
    );
    return {
      entries: rows.map((r) => ({ ...r, admin_email: emails.get(r.admin_id) ?? null })),
      total,
      page: query.page,
    };
  });
}
