import { describe, expect, it } from 'vitest';
import { assignmentsCell, csvFileName, csvText, neutraliseFormula, toCsv } from './csv.js';

/** Every value a spreadsheet would run, ASCII and full-width: the same list every export is fed. */
const FORMULA_VALUES = [
  '=HYPERLINK("http://evil.example","Click")',
  "=cmd|' /C calc'!A0",
  '+1+2',
  '-2+3',
  '@SUM(A1:A9)',
  '\tleading tab',
  '\rleading CR',
  '＝1+1',
  '＋cmd',
  '－2+3',
  '＠SUM(A1)',
];

describe('toCsv', () => {
  it.each(FORMULA_VALUES)('neutralises %j with a leading apostrophe', (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
    const [, cell] = toCsv(['name'], [{ name: value }]).split('\r\n');
    expect(cell!.replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves plain text, numbers and plain decimals alone', () => {
    expect(csvText('Jane = Doe')).toBe('Jane = Doe');
    expect(csvText('a-b@c.example')).toBe('a-b@c.example');
    expect(csvText(-25)).toBe('-25');
    expect(csvText('-30.00')).toBe('-30.00');
  });

  it('quotes commas, quotes and line breaks, and writes a header with one CRLF line per row', () => {
    expect(toCsv(['id', 'name'], [{ id: 1, name: 'x\ny' }])).toBe('id,name\r\n1,"x\ny"\r\n');
    expect(toCsv(['v'], [{ v: 'a, "b"' }])).toBe('v\r\n"a, ""b"""\r\n');
  });

  it('writes empty cells for missing values, joins lists and serialises objects', () => {
    expect(toCsv(['a', 'b', 'c'], [{ b: ['12345', '=1'], c: { x: 1 } }])).toBe(`a,b,c\r\n,"12345, =1","{""x"":1}"\r\n`);
    expect(csvText(['=1+1', 'x'])).toBe("'=1+1, x");
  });

  it('writes the contractors of a lead as "Business (Status)", the contractor id when the name is gone', () => {
    expect(
      assignmentsCell([
        { status: 'purchased', contractors: { business_name: 'Acme HVAC' } },
        { status: 'offered', contractor_id: 'c-2', contractors: null },
      ]),
    ).toBe('Acme HVAC (Purchased); c-2 (Offered)');
    expect(assignmentsCell(undefined)).toBe('');
  });

  it('names the download after its prefix and the day', () => {
    expect(csvFileName('leads', new Date('2026-03-04T10:00:00Z'))).toBe('leads-2026-03-04.csv');
  });
});
