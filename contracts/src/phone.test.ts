import { describe, expect, it } from 'vitest';
import { lineTypeOf } from './line-type.js';
import { toE164 } from './phone.js';

describe('toE164', () => {
  it('reads US numbers however they are written', () => {
    for (const raw of ['4156297959', '(415) 629-7959', '415.629.7959', '+1 415 629 7959', '1-415-629-7959'])
      expect(toE164(raw), raw).toBe('+14156297959');
  });
  it('keeps a number with another country code', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });
  it('gives a number that reads as itself, or none', () => {
    for (const raw of ['+4400462222707', '+440462222707', '(415) 629-7959', '+44 20 7946 0958', '+44462222707']) {
      const once = toE164(raw);
      if (once !== null) expect(toE164(once), raw).toBe(once);
    }
    expect(toE164('+4400462222707')).toBeNull();
  });
  it('refuses what is not a phone number', () => {
    for (const raw of ['', 'call me', '12', '+1', '555-0134']) expect(toE164(raw), raw).toBeNull();
  });
});

describe('lineTypeOf', () => {
  it('names the line by the number range the metadata puts it in', () => {
    expect(lineTypeOf('(415) 629-7959')).toBe('mobile_or_landline');
    expect(lineTypeOf('+44 7400 123456')).toBe('mobile');
    expect(lineTypeOf('+44 20 7946 0958')).toBe('landline');
    expect(lineTypeOf('+44 56 0123 4567')).toBe('voip');
  });
  it('says unknown for what it cannot place', () => {
    for (const raw of ['', 'call me', '+1 800 555 1234']) expect(lineTypeOf(raw), raw).toBe('unknown');
  });
});
