import {
  AdminContractorsExportQuerySchema,
  AdminContractorsQuerySchema,
  AdminLeadsExportQuerySchema,
  AdminLeadsQuerySchema,
  AdminTransactionsQuerySchema,
  functionPath,
} from '@leadmarket/contracts';
import { csvFileName, toCsv } from '@leadmarket/contracts/csv';
import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import type { FastifyReply } from 'fastify';
import type { AdminDatabase } from '../db/database.js';
import { exportContractors, exportLeads, type ExportRows } from '../use-cases/export-rows.js';
import { contractorsPage, leadsPage, overviewStats, transactionsPage } from '../use-cases/overview-pages.js';
import { recordAudit } from '../use-cases/record-audit.js';

/** The read-only admin views: admin-stats, admin-contractors, admin-leads (and their CSV exports), admin-transactions. */
export function registerOverviewRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.get(functionPath('admin-stats'), async () => overviewStats(ctx));

  app.get(functionPath('admin-contractors'), async (request) =>
    contractorsPage(ctx, AdminContractorsQuerySchema.parse(request.query)),
  );

  app.get(functionPath('admin-leads'), async (request) => leadsPage(ctx, AdminLeadsQuerySchema.parse(request.query)));

  app.get(functionPath('admin-leads-export'), async (request, reply) => {
    const query = AdminLeadsExportQuerySchema.parse(request.query);
    const exported = await exportLeads(ctx, query);
    await recordAudit(ctx, request, {
      action: 'leads.export',
      target_type: 'lead',
      after: { rows: exported.rows.length, search: query.search ?? null, status: query.status ?? null },
    });
    return sendCsv(reply, 'leads', exported);
  });

  app.get(functionPath('admin-contractors-export'), async (request, reply) => {
    const query = AdminContractorsExportQuerySchema.parse(request.query);
    const exported = await exportContractors(ctx, query);
    await recordAudit(ctx, request, {
      action: 'contractors.export',
      target_type: 'contractor',
      after: { rows: exported.rows.length, search: query.search ?? null },
    });
    return sendCsv(reply, 'contractors', exported);
  });

  app.get(functionPath('admin-transactions'), async (request) =>
    transactionsPage(ctx, AdminTransactionsQuerySchema.parse(request.query)),
  );
}

function sendCsv(reply: FastifyReply, prefix: string, { columns, rows }: ExportRows) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(prefix)}"`)
    .header('x-row-count', String(rows.length))
    .send(toCsv(columns, rows));
}
