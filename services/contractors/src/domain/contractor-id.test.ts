import { describe, expect, it } from 'vitest';
import { newContractorId, normaliseContractorId } from './contractor-id.js';

describe('contractor id', () => {
  it('is C- plus 10 Crockford base32 characters', () => {
    for (let i = 0; i < 200; i++) expect(newContractorId()).toMatch(/^C-[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it('differs between calls', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newContractorId()));
    expect(ids.size).toBe(1000);
  });

  it('maps each byte to one character', () => {
    expect(newContractorId(() => Buffer.from([0, 1, 31, 32, 33, 10, 18, 255, 16, 17]))).toBe('C-01Z01AJZGH');
  });

  it('reads what a person types', () => {
    expect(normaliseContractorId(' c-abc0 o1il ')).toBe('C-ABC00111');
    expect(normaliseContractorId('ABCDEFGHJK')).toBe('C-ABCDEFGHJK');
  });
});
