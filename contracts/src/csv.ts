import { stringify } from 'csv-stringify/sync';
import { humanizeValue } from './display.js';

/**
 * Text a spreadsheet would run as a formula: =, +, -, @, tab or CR first, and the full-width
 * ＝＋－＠ that some spreadsheets also accept. Customers type lead names and descriptions on a
 * public form, so no export may carry `=HYPERLINK(...)` or `=cmd|...` as a live formula.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain decimal such as -30.00 is a value, never a formula; amounts stay numeric. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Prefix formula-looking text with an apostrophe so spreadsheets show it as text (OWASP "CSV injection"). */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell's text: empty for null/undefined, lists joined, objects as JSON, text neutralised. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return neutraliseFormula(
      value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', '),
    );
  if (typeof value === 'object') return neutraliseFormula(JSON.stringify(value));
  return neutraliseFormula(String(value));
}

/**
 * A CSV document (RFC 4180, CRLF line ends): a header line of `columns`, then one line per row
 * with each row's values in column order. Every export (admin, the admin screens, the wallet
 * statement) writes through here, so one rule decides what is neutralised and quoted.
 */
export function toCsv(columns: readonly string[], rows: Iterable<Record<string, unknown>>): string {
  const records = [columns.map(csvText)];
  for (const row of rows) records.push(columns.map((column) => csvText(row[column])));
  // A line break of either kind inside a cell is quoted, whichever line end the file uses.
  return stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** One contractor a lead went to, as the admin's lead list gives it. */
export interface CsvAssignment {
  status: string;
  contractor_id?: string | null;
  contractors?: { business_name?: string | null } | null;
}

/** A lead's contractors as one cell, "Business (Status)" each: the server's and the screens' lead exports agree. */
export function assignmentsCell(assignments: readonly CsvAssignment[] | null | undefined): string {
  return (assignments ?? [])
    .map((a) => `${a.contractors?.business_name ?? a.contractor_id ?? 'unknown'} (${humanizeValue(a.status)})`)
    .join('; ');
}

/** The download name: `<prefix>-YYYY-MM-DD.csv`. */
export const csvFileName = (prefix: string, now: Date = new Date()): string =>
  `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
