import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone-check.js';

describe('checkPhone', () => {
  it('accepts US numbers that can exist', () => {
    expect(checkPhone('+12015550123')).toEqual({ valid: true, reasons: [] });
    expect(checkPhone('(312) 555-7890')).toEqual({ valid: true, reasons: [] });
  });
  it('refuses impossible, foreign and non-mobile/landline numbers with a reason', () => {
    expect(checkPhone('+15551234567')).toEqual({ valid: false, reasons: ['phone:invalid_number'] });
    expect(checkPhone('+11234567890').valid).toBe(false);
    expect(checkPhone('+14165550123')).toEqual({ valid: false, reasons: ['phone:not_us'] });
    expect(checkPhone('+18005551234')).toEqual({ valid: false, reasons: ['phone:type_toll_free'] });
    expect(checkPhone('hello')).toEqual({ valid: false, reasons: ['phone:unparseable'] });
  });
  it('never throws and always explains a refusal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const r = checkPhone(raw);
        expect(r.valid).toBe(r.reasons.length === 0);
      }),
    );
  });
  it('rejects every number whose area code starts with 0 or 1 (NANP rule)', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1'), fc.stringMatching(/^\d{9}$/), (first, rest) => {
        expect(checkPhone(`+1${first}${rest}`).valid).toBe(false);
      }),
    );
  });
});
