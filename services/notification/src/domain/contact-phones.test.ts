import { toE164 } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { contactPhoneE164 } from './contact-phones.js';

describe('contractors’ phones', () => {
  it('reads a stored phone exactly as the one phone rule does, the first time and again', () => {
    for (const phone of ['(404) 555-0101', '+1 404 555 0101', '+442079460958', '12', 'not a phone', ' 4045550101 ']) {
      expect(contactPhoneE164(phone)).toBe(toE164(phone));
      expect(contactPhoneE164(phone)).toBe(toE164(phone));
    }
    expect(contactPhoneE164('(404) 555-0101')).toBe('+14045550101');
    expect(contactPhoneE164('12')).toBeNull();
  });

  it('a changed phone is read afresh', () => {
    expect(contactPhoneE164('(404) 555-0177')).toBe('+14045550177');
    expect(contactPhoneE164('(404) 555-0178')).toBe('+14045550178');
  });
});
