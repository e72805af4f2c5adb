import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, rowsToCsv } from '../utils/csv';

describe('CSV export of the admin screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the first row keys as the header and writes one line per row', () => {
    const csv = rowsToCsv([
      { id: 'a', name: 'Acme', balance: 25 },
      { id: 'b', name: 'Best', balance: 0, extra: 'ignored' },
    ]);
    expect(csv.split('\r\n')).toEqual(['id,name,balance', 'a,Acme,25', 'b,Best,0', '']);
    expect(rowsToCsv([])).toBe('');
  });

  it('quotes commas, quotes and line breaks, joins lists', () => {
    expect(rowsToCsv([{ zip: '12345, 67890', q: 'the "best"', d: 'one\ntwo', l: ['1', '2'] }])).toBe(
      'zip,q,d,l\r\n"12345, 67890","the ""best""","one\ntwo","1, 2"\r\n',
    );
  });

  it('neutralises ASCII and full-width formulas, leaves numbers alone', () => {
    const csv = rowsToCsv([{ name: '=HYPERLINK("x")', wide: '＝1+1', at: '＠cmd', amount: -10 }]);
    expect(csv).toBe(`name,wide,at,amount\r\n"'=HYPERLINK(""x"")",'＝1+1,'＠cmd,-10\r\n`);
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
