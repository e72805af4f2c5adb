import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('admin CSV', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const bad of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])
      expect(csvCell(bad).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('Plain name')).toBe('Plain name');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
  });
  it('quotes commas, quotes and line breaks, and writes a header with one line per row', () => {
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(toCsv(['id', 'name'], [{ id: 1, name: 'x\ny' }])).toBe('id,name\r\n1,"x\ny"\r\n');
  });
});
