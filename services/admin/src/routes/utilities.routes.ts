import {
  AdminAuditLogQuerySchema,
  AdminCreateLeadSchema,
  AdminSiteMessagesQuerySchema,
  functionPath,
} from '@leadmarket/contracts';
import { badRequest, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { createTestLead } from '../use-cases/create-test-lead.js';
import { listAdmins } from '../db/admin.repository.js';
import { auditActions, listAuditEntries } from '../db/audit-log.repository.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** admin-utilities (create_lead), admin-site-messages and admin-audit-log. */
export function registerUtilityRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.post(functionPath('admin-utilities'), async (request) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    if (body.action !== 'create_lead') throw badRequest('Unknown action: only create_lead is supported', 'action');
    return createTestLead(ctx, request, AdminCreateLeadSchema.parse(body));
  });

  app.get(functionPath('admin-site-messages'), async (request) => {
    const query = AdminSiteMessagesQuerySchema.parse(request.query);
    return ownerCall(ctx, 'siteMessages', { query });
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
