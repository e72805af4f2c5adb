import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { checkAdjustment, missingTestLeadFields, parsePriceInput } from '../utils/validation';

describe('wallet adjustment rule', () => {
  it('requires a contractor and an amount', () => {
    expect(checkAdjustment('', '10')).toEqual({ ok: false, message: MESSAGES.admin.adjustRequired });
    expect(checkAdjustment('c1', '')).toEqual({ ok: false, message: MESSAGES.admin.adjustRequired });
    expect(checkAdjustment('c1', 'abc')).toEqual({ ok: false, message: MESSAGES.admin.adjustRequired });
    expect(checkAdjustment('c1', '0')).toEqual({ ok: false, message: MESSAGES.admin.adjustRequired });
  });

  it('accepts negative amounts to deduct and rounds to cents', () => {
    expect(checkAdjustment(' c1 ', '-12.345')).toEqual({ ok: true, contractorId: 'c1', amount: -12.35 });
    expect(checkAdjustment('c1', '50')).toEqual({ ok: true, contractorId: 'c1', amount: 50 });
  });
});

describe('price input rule', () => {
  it('turns non-numeric or negative input into 0', () => {
    expect(parsePriceInput('abc')).toBe(0);
    expect(parsePriceInput('')).toBe(0);
    expect(parsePriceInput('-5')).toBe(0);
  });

  it('keeps prices at or above 0 in steps of 0.01', () => {
    expect(parsePriceInput('0')).toBe(0);
    expect(parsePriceInput('45.5')).toBe(45.5);
    expect(parsePriceInput(' 19.999 ')).toBe(20);
  });
});

describe('test lead rule', () => {
  const full = { customer_name: 'Ann', phone: '5551234567', service_category: 'HVAC', zip_code: '12345' };
  it('needs customer name, phone, category and ZIP', () => {
    expect(missingTestLeadFields(full)).toBe(false);
    for (const key of Object.keys(full) as Array<keyof typeof full>)
      expect(missingTestLeadFields({ ...full, [key]: ' ' })).toBe(true);
  });
});
