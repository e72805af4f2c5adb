/**
 * CSV files the admin downloads. A cell a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return at the start) gets a leading apostrophe: a lead's customer name or description
 * is typed by anyone on the public form, and must never run in the operator's spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text, text neutralised against formula injection and quoted per RFC 4180 when needed. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map(String).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  // Numbers come from our own books, not from a form: -12.5 stays a number.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header line of `columns`, then one line per row (CRLF line ends). */
export function toCsv(columns: readonly string[], rows: Iterable<Record<string, unknown>>): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The download name: `<prefix>-YYYY-MM-DD.csv`. */
export const csvFileName = (prefix: string, now = new Date()): string =>
  `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
