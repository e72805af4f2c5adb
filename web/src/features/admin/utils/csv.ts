import { assignmentsCell, csvFileName, toCsv } from '@leadmarket/contracts/csv';
import type { AdminContractor, AdminLead, Transaction } from '../api/types';

/** A flat CSV row of a lead: assignments become "business (status)" names. */
export function leadCsvRow(lead: AdminLead): Record<string, unknown> {
  const { contractor_leads, ...rest } = lead;
  return { ...rest, assigned_contractors: assignmentsCell(contractor_leads) };
}

/** A contractor's ZIP codes as one text, however the list came. */
export function zipList(zips: AdminContractor['zip_codes']): string {
  return Array.isArray(zips) ? zips.join(', ') : (zips ?? '');
}

/** A flat CSV row of a contractor: its ZIP codes as one text. */
export const contractorCsvRow = (c: AdminContractor): Record<string, unknown> => ({
  ...c,
  zip_codes: zipList(c.zip_codes),
});

/** A flat CSV row of a transaction: the contractor's names beside the transaction's own fields. */
export const transactionCsvRow = ({ contractors, ...rest }: Transaction): Record<string, unknown> => ({
  ...rest,
  contractor: contractors?.business_name ?? '',
  contact_name: contractors?.contact_name ?? '',
});

/** CSV text of the rows: the first row's keys are the header (spec §7), one line per row. */
export function rowsToCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  return rows.length === 0 ? '' : toCsv(Object.keys(rows[0]!), rows);
}

/** Hand a file (a Blob) to the user as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Build the CSV in the browser and hand it to the user as a download.
 * Returns the file name, or null when there is nothing to export.
 */
export function downloadCsv(rows: ReadonlyArray<Record<string, unknown>>, prefix: string): string | null {
  if (rows.length === 0) return null;
  const fileName = csvFileName(prefix);
  downloadBlob(new Blob([rowsToCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}
