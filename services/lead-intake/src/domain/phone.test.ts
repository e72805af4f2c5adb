import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.js';

describe('normalisePhone', () => {
  it('normalises US formats to E.164', () => {
    expect(normalisePhone('(212) 555-0147')).toBe('+12125550147');
    expect(normalisePhone('212.555.0147')).toBe('+12125550147');
    expect(normalisePhone('+1 212 555 0147')).toBe('+12125550147');
    expect(normalisePhone('1-212-555-0147')).toBe('+12125550147');
  });
  it('keeps a readable but impossible number for screening to judge', () => {
    expect(normalisePhone('(123) 456-7890')).toBe('+11234567890');
  });
  it('refuses text that is not a phone number', () => {
    expect(normalisePhone('call me')).toBeNull();
    expect(normalisePhone('12')).toBeNull();
  });
});
