/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR, and the full-width =+-@ some
 * spreadsheets also accept). Customers type lead names and descriptions, so an export must never
 * carry `=HYPERLINK(...)` or `=cmd|...` as a live formula.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Prefix formula-looking text with an apostrophe so spreadsheets show it as text (OWASP "CSV injection"). */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell: empty for null/undefined, lists joined, objects as JSON; text that starts like a
 * formula gets a leading apostrophe (numbers stay numbers: -25 is a value, not a formula); quoted
 * when it holds a comma, quote or line break.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value))
    text = neutraliseFormula(
      value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', '),
    );
  else if (typeof value === 'object') text = neutraliseFormula(JSON.stringify(value));
  else text = neutraliseFormula(String(value));
  // Quotes inside a value are doubled (RFC 4180) so a spreadsheet reads the cell back unchanged.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text of the rows: the first row's keys are the header (spec §7), one line per row. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  if (rows.length === 0) return '';
  const header = Object.keys(rows[0]!);
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(header.map((key) => csvCell(row[key])).join(','));
  return lines.join('\r\n');
}

/** The spec's file name: `<prefix>-YYYY-MM-DD.csv`. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
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
  downloadBlob(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}
