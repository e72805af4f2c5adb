import { assignmentsCell, type CsvAssignment } from '@leadmarket/contracts/csv';
import { badRequest, type ServiceContext } from '@leadmarket/platform';
import type { AdminDatabase } from '../db/database.js';
import { contractorsPage, leadsPage, type ContractorsQuery, type LeadsQuery } from './overview-pages.js';

/** A whole export: its columns and every matching row, ready for the CSV writer. */
export interface ExportRows {
  columns: readonly string[];
  rows: Array<Record<string, unknown>>;
}

/** Rows per owner call while exporting. */
const EXPORT_PAGE = 500;
/** An export larger than this is refused rather than held in memory. */
const EXPORT_MAX_ROWS = 100_000;

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
type LeadListRow = Record<string, unknown> & { contractor_leads?: CsvAssignment[] };

const leadCsvRow = (lead: LeadListRow): Record<string, unknown> => ({
  ...lead,
  assigned_contractors: assignmentsCell(lead.contractor_leads),
});

/** Every lead the admin's filters match, from lead-intake page by page (an export never stops at one screen). */
export async function exportLeads(
  ctx: ServiceContext<AdminDatabase>,
  query: Omit<LeadsQuery, 'page' | 'limit'>,
): Promise<ExportRows> {
  const rows = await everyRow((page) => leadsPage(ctx, { ...query, page, limit: EXPORT_PAGE }), 'leads');
  return { columns: LEAD_CSV_COLUMNS, rows: rows.map(leadCsvRow) };
}

/** Every contractor the admin's search matches, with its wallet figures. */
export async function exportContractors(
  ctx: ServiceContext<AdminDatabase>,
  query: Omit<ContractorsQuery, 'page' | 'limit'>,
): Promise<ExportRows> {
  const rows = await everyRow((page) => contractorsPage(ctx, { ...query, page, limit: EXPORT_PAGE }), 'contractors');
  return { columns: CONTRACTOR_CSV_COLUMNS, rows: rows.map((c) => ({ ...c, zip_codes: c.zip_codes.join(', ') })) };
}
