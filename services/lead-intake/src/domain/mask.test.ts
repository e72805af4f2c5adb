import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCustomerName, maskPhone } from './mask.js';

describe('maskCustomerName', () => {
  it('keeps the first name and the last initial', () => {
    expect(maskCustomerName('Jane Quincy Doe')).toBe('Jane D.');
    expect(maskCustomerName('  maria   lopez ')).toBe('maria L.');
    expect(maskCustomerName('Cher')).toBe('Cher');
  });
  it('never reveals the surname beyond its initial', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,10}$/), fc.stringMatching(/^[A-Za-z]{2,12}$/), (first, last) => {
        const masked = maskCustomerName(`${first} ${last}`);
        expect(masked).toBe(`${first} ${last[0]!.toUpperCase()}.`);
      }),
    );
  });
});

describe('maskPhone', () => {
  it('shows only the last two digits', () => {
    expect(maskPhone('+12125550147')).toBe('(***) ***-**47');
  });
  it('never contains more than two digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+1\d{10}$/), (phone) => {
        const masked = maskPhone(phone);
        expect(masked.replace(/\D/g, '')).toBe(phone.slice(-2));
      }),
    );
  });
});
