import {
  AdminContractorsExportQuerySchema,
  AdminContractorsQuerySchema,
  AdminLeadsExportQuerySchema,
  AdminLeadsQuerySchema,
  AdminTransactionsQuerySchema,
  functionPath,
} from '@leadmarket/contracts';
import { badRequest, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../use-cases/record-audit.js';
import { csvFileName, toCsv } from '@leadmarket/contracts/csv';
import { centsToDollars } from '../domain/money.js';
import { contractorsByIds } from '../owners/lookups.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/**
 * What activeContractors counts (the contractors service owns the rule): contractors not deleted
 * who logged in or bought a lead within the last 30 days.
 */
export const ACTIVE_DEFINITION = 'Contractors not deleted who logged in or purchased a lead within the last 30 days';

/** The read-only admin views: admin-stats, admin-contractors, admin-leads (and their CSV exports), admin-transactions. */
export function registerOverviewRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.get(functionPath('admin-stats'), async () => {
    const [contractors, leads, wallet] = await Promise.all([
      ownerCall(ctx, 'contractorStats', {}),
      ownerCall(ctx, 'leadStats', {}),
      ownerCall(ctx, 'walletStats', {}),
    ]);
    return {
      totalLeads: Number(leads.total_leads),
      totalContractors: Number(contractors.total_contractors),
      totalRevenue: centsToDollars(Number(wallet.total_revenue_cents)),
      activeContractors: Number(contractors.active_contractors),
      active_definition: ACTIVE_DEFINITION,
    };
  });

  app.get(functionPath('admin-contractors'), async (request) => {
    const query = AdminContractorsQuerySchema.parse(request.query);
    return contractorsPage(ctx, query);
  });

  app.get(functionPath('admin-leads'), async (request) => {
    const query = AdminLeadsQuerySchema.parse(request.query);
    return leadsPage(ctx, query);
  });

  // Every matching row, from the owners page by page: an export never stops at what one screen shows.
  app.get(functionPath('admin-leads-export'), async (request, reply) => {
    const query = AdminLeadsExportQuerySchema.parse(request.query);
    const rows = await everyRow((page) => leadsPage(ctx, { ...query, page, limit: EXPORT_PAGE }), 'leads');
    await recordAudit(ctx, request, {
      action: 'leads.export',
      target_type: 'lead',
      after: { rows: rows.length, search: query.search ?? null, status: query.status ?? null },
    });
    return sendCsv(reply, 'leads', LEAD_CSV_COLUMNS, rows.map(leadCsvRow));
  });

  app.get(functionPath('admin-contractors-export'), async (request, reply) => {
    const query = AdminContractorsExportQuerySchema.parse(request.query);
    const rows = await everyRow((page) => contractorsPage(ctx, { ...query, page, limit: EXPORT_PAGE }), 'contractors');
    await recordAudit(ctx, request, {
      action: 'contractors.export',
      target_type: 'contractor',
      after: { rows: rows.length, search: query.search ?? null },
    });
    return sendCsv(
      reply,
      'contractors',
      CONTRACTOR_CSV_COLUMNS,
      rows.map((c) => ({ ...c, zip_codes: c.zip_codes.join(', ') })),
    );
  });

  app.get(functionPath('admin-transactions'), async (request) => {
    const query = AdminTransactionsQuerySchema.parse(request.query);
    const listed = await ownerCall(ctx, 'transactions', { query: { page: query.page, limit: query.limit } });
    const transactions = listed.transactions ?? [];
    const names = await contractorsByIds(
      ctx,
      transactions.flatMap((t) => (t.contractor_id ? [t.contractor_id] : [])),
    );
    return {
      transactions: transactions.map((t) => {
        const c = t.contractor_id ? names.get(t.contractor_id) : undefined;
        return {
          id: t.id,
          contractor_id: t.contractor_id,
          contractors: { business_name: c?.business_name ?? 'Deleted contractor', contact_name: c?.contact_name ?? '' },
          type: t.type,
          amount: centsToDollars(t.amount_cents),
          date: t.date,
          description: t.description,
        };
      }),
      total_revenue: centsToDollars(Number(listed.total_revenue_cents ?? 0)),
      total: Number(listed.total ?? transactions.length),
    };
  });
}

/** Rows per owner call while exporting. */
const EXPORT_PAGE = 500;
/** An export larger than this is refused rather than held in memory. */
const EXPORT_MAX_ROWS = 100_000;

type ContractorsQuery = { search?: string; sort?: 'newest' | 'oldest'; page: number; limit: number };
type LeadsQuery = ContractorsQuery & { status?: string };

/** One page of the admin Contractors table: the contractors service's list joined with wallet figures. */
async function contractorsPage(ctx: ServiceContext<AdminDatabase>, query: ContractorsQuery) {
  const listed = await ownerCall(ctx, 'contractorList', {
    query: { search: query.search || undefined, sort: query.sort, page: query.page, limit: query.limit },
  });
  const ids = (listed.contractors ?? []).map((c) => c.id);
  const summary = ids.length
    ? await ownerCall(ctx, 'walletSummary', { body: { contractor_ids: ids } })
    : { wallets: [] };
  const wallets = new Map(summary.wallets.map((w) => [w.contractor_id, w]));
  return {
    contractors: (listed.contractors ?? []).map((c) => {
      const w = wallets.get(c.id);
      return {
        id: c.id,
        business_name: c.business_name,
        contact_name: c.contact_name,
        email: c.email,
        phone: c.phone,
        industry: c.industry,
        sub_service: c.sub_service,
        zip_codes: c.zip_codes ?? [],
        created_at: c.created_at,
        wallet_balance: centsToDollars(w?.balance_cents ?? 0),
        total_leads_purchased: w?.leads_purchased ?? 0,
        total_spend: centsToDollars(w?.total_spend_cents ?? 0),
      };
    }),
    total: Number(listed.total ?? ids.length),
  };
}

/** One page of the admin Leads table: lead-intake's list with the business names of its assignments. */
async function leadsPage(ctx: ServiceContext<AdminDatabase>, query: LeadsQuery) {
  const listed = await ownerCall(ctx, 'adminLeads', {
    query: {
      search: query.search || undefined,
      status: query.status && query.status !== 'all' ? query.status : undefined,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    },
  });
  const leads = listed.leads ?? [];
  const names = await contractorsByIds(
    ctx,
    leads.flatMap((l) => l.contractor_leads.map((a) => a.contractor_id)),
  );
  return {
    leads: leads.map((lead) => ({
      ...lead,
      contractor_leads: lead.contractor_leads.map((a) => ({
        id: String(a.id),
        status: String(a.status),
        contractor_id: String(a.contractor_id),
        contractors: { business_name: names.get(String(a.contractor_id))?.business_name ?? 'Deleted contractor' },
        ...(a.offer_round ? { offer_round: Number(a.offer_round) } : {}),
      })),
    })),
    total: Number(listed.total ?? leads.length),
  };
}

/** Every row of a paged list, page after page until the total is reached. */
async function everyRow<K extends string, T>(
  fetchPage: (page: number) => Promise<Record<K, T[]> & { total: number }>,
  key: K,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    const part = answer[key] ?? [];
    if (answer.total > EXPORT_MAX_ROWS)
      throw badRequest(`Too many rows to export (${answer.total}); narrow the search or filter`);
    rows.push(...part);
    if (part.length < EXPORT_PAGE || rows.length >= answer.total) return rows;
  }
}

const LEAD_CSV_COLUMNS = [
  'id',
  'created_at',
  'status',
  'is_test',
  'customer_name',
  'phone',
  'email',
  'service_category',
  'sub_service',
  'zip_code',
  'description',
  'assigned_contractors',
] as const;

const CONTRACTOR_CSV_COLUMNS = [
  'id',
  'business_name',
  'contact_name',
  'email',
  'phone',
  'industry',
  'sub_service',
  'zip_codes',
  'created_at',
  'wallet_balance',
  'total_leads_purchased',
  'total_spend',
] as const;

/** A lead as the admin's lead list gives it, with the contractors it went to. */
type LeadListRow = Record<string, unknown> & {
  contractor_leads?: Array<{ status: string; contractors: { business_name: string } }>;
};

function leadCsvRow(lead: LeadListRow): Record<string, unknown> {
  return {
    ...lead,
    assigned_contractors: (lead.contractor_leads ?? [])
      .map((a) => `${a.contractors.business_name} (${a.status})`)
      .join('; '),
  };
}

function sendCsv(
  reply: FastifyReply,
  prefix: string,
  columns: readonly string[],
  rows: Array<Record<string, unknown>>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(prefix)}"`)
    .header('x-row-count', String(rows.length))
    .send(toCsv(columns, rows));
}
