import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision log is only useful if every record says whether it still holds and can be found from
// the index; these checks keep that true as records are added by people working at the same time.
const adrDir = fileURLToPath(new URL('../../docs/adr/', import.meta.url));
const recordFiles = readdirSync(adrDir)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort();
const index = readFileSync(`${adrDir}README.md`, 'utf8');

interface AdrRecord {
  file: string;
  number: string;
  text: string;
  status: string | undefined;
}

const records: AdrRecord[] = recordFiles.map((file) => {
  const text = readFileSync(`${adrDir}${file}`, 'utf8');
  // The status paragraph may wrap over several lines; it ends at the first blank line.
  const status = /^Status: (.+(?:\n.+)*)/m.exec(text)?.[1]?.replace(/\s*\n\s*/g, ' ');
  return { file, number: file.slice(0, 4), text, status };
});
const byNumber = new Map(records.map((r) => [r.number, r]));

/** The numbers of the ADRs a piece of text names ("ADR 0024", or a link to 0024-….md). */
function namedNumbers(text: string): Set<string> {
  const named = new Set<string>();
  for (const m of text.matchAll(/ADR (\d{4})|\((\d{4})-[a-z0-9-]+\.md\)/g)) named.add(m[1] ?? m[2]!);
  return named;
}

describe('docs/adr', () => {
  it('has records', () => {
    expect(records.length).toBeGreaterThanOrEqual(30);
  });

  it.each(recordFiles)('%s is named NNNN-title.md, without a second number, and titled "ADR NNNN: …"', (file) => {
    expect(file).toMatch(/^\d{4}-[a-z][a-z0-9-]*\.md$/);
    const firstLine = readFileSync(`${adrDir}${file}`, 'utf8').split('\n')[0];
    expect(firstLine).toMatch(new RegExp(`^# ADR ${file.slice(0, 4)}: \\S`));
  });

  it('gives each number to one record only', () => {
    const numbers = records.map((r) => r.number);
    const taken = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    expect(taken, 'two records share a number: renumber the later one and fix its references').toEqual([]);
  });

  it.each(recordFiles)('%s has a Status line: accepted, or superseded by its successor', (file) => {
    const status = byNumber.get(file.slice(0, 4))!.status;
    expect(status, `${file} needs a "Status:" line`).toBeDefined();
    expect(status).toMatch(/^(accepted|superseded by|proposed|deprecated)|superseded by ADR|superseded by \[ADR/);
  });

  it.each(recordFiles)('%s, if superseded (in whole or in part), names a successor that names it back', (file) => {
    const record = byNumber.get(file.slice(0, 4))!;
    const status = record.status ?? '';
    if (!/superseded/i.test(status)) return;
    const successors = [...namedNumbers(status)].filter((n) => n !== record.number);
    expect(successors.length, `${file}: "superseded" must name the record that replaced it`).toBeGreaterThan(0);
    for (const n of successors) {
      const successor = byNumber.get(n);
      expect(successor, `${file} names ADR ${n}, which does not exist`).toBeDefined();
      const supersedes = successor!.text.split(/\n\s*\n/).filter((p) => /supersedes/i.test(p));
      const namedBack = supersedes.some((p) => namedNumbers(p).has(record.number));
      expect(namedBack, `ADR ${n} must say "Supersedes ADR ${record.number}"`).toBe(true);
    }
  });

  it.each(recordFiles)('%s is listed in docs/adr/README.md with its status', (file) => {
    const line = index.split('\n').find((l) => l.startsWith(`- [ADR ${file.slice(0, 4)}](${file})`));
    expect(line, `docs/adr/README.md has no line linking ${file}`).toBeDefined();
    const status = byNumber.get(file.slice(0, 4))!.status ?? '';
    if (/superseded/i.test(status)) expect(line).toMatch(/superseded/);
    if (/accepted/i.test(status)) expect(line).toMatch(/accepted/);
  });

  it('links only to records that exist', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((f) => !recordFiles.includes(f!))).toEqual([]);
  });
});
