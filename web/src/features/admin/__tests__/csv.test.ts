import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, csvFileName, downloadCsv, toCsv } from '../utils/csv';

describe('CSV export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the first row keys as the header and writes one line per row', () => {
    const csv = toCsv([
      { id: 'a', name: 'Acme', balance: 25 },
      { id: 'b', name: 'Best', balance: 0, extra: 'ignored' },
    ]);
    expect(csv.split('\r\n')).toEqual(['id,name,balance', 'a,Acme,25', 'b,Best,0']);
  });

  it('quotes values with commas', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(toCsv([{ zip: '12345, 67890' }])).toBe('zip\r\n"12345, 67890"');
  });

  it('doubles quotes inside values', () => {
    expect(csvCell('the "best" plumber')).toBe('"the ""best"" plumber"');
  });

  it('keeps line breaks inside one quoted cell', () => {
    const csv = toCsv([{ description: 'line one\nline two', next: 'x' }]);
    expect(csv).toBe('description,next\r\n"line one\nline two",x');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes empty cells for missing values, joins lists and serialises objects', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(['12345', '67890'])).toBe('"12345, 67890"');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('names the file prefix plus the date', () => {
    expect(csvFileName('contractors', new Date('2026-03-04T10:00:00Z'))).toBe('contractors-2026-03-04.csv');
  });

  it('exports nothing for no rows and downloads a file otherwise', () => {
    expect(downloadCsv([], 'leads')).toBeNull();
    const createUrl = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = downloadCsv([{ id: 1 }], 'leads');
    expect(name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(click).toHaveBeenCalledTimes(1);
    expect(createUrl).toHaveBeenCalledTimes(1);
  });
});

describe('CSV export neutralises formulas', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['\tleading tab', "'\tleading tab"],
    ['\rleading CR', `"'\rleading CR"`],
    ['＝1+1', "'＝1+1"],
  ])('prefixes %j so a spreadsheet shows it as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('neutralises formulas in lists and in a whole export, and leaves plain text and numbers alone', () => {
    expect(csvCell(['=1+1', 'x'])).toBe(`"'=1+1, x"`);
    expect(csvCell(-25)).toBe('-25');
    expect(csvCell('Jane = Doe')).toBe('Jane = Doe');
    expect(csvCell('a-b@c.example')).toBe('a-b@c.example');
    const csv = toCsv([{ name: '=HYPERLINK("x")', amount: -10, email: '@evil' }]);
    expect(csv).toBe(`name,amount,email\r\n"'=HYPERLINK(""x"")",-10,'@evil`);
  });
});
