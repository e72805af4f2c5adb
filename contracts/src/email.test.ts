import { describe, expect, it } from 'vitest';
import { emailKey, isEmailAddress } from './email.js';

describe('isEmailAddress', () => {
  it('takes an address with a domain and a dot, and nothing with spaces or without @', () => {
    for (const ok of ['a@b.co', 'jane.doe+quotes@mail.example.com']) expect(isEmailAddress(ok)).toBe(true);
    for (const bad of ['a@b', 'a @b.co', 'ab.co', '@b.co', 'a@b.co x', ''])
      expect(isEmailAddress(bad), bad).toBe(false);
  });
});

describe('emailKey', () => {
  it('reads one address the same however it was typed', () => {
    expect(emailKey('  Bob@Example.COM ')).toBe('bob@example.com');
  });
});
