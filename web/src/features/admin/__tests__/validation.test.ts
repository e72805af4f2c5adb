import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { parseAdminPrice, PRICE_MESSAGES } from '@leadmarket/contracts/pricing';
import { checkAdjustment, missingTestLeadFields } from '../utils/validation';

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

describe('price input rule (contracts parseAdminPrice, used by the tab and the server)', () => {
  it('refuses empty, non-numeric, negative and sub-cent input with the reason', () => {
    expect(parseAdminPrice('abc')).toEqual({ ok: false, message: PRICE_MESSAGES.notANumber });
    expect(parseAdminPrice('')).toEqual({ ok: false, message: PRICE_MESSAGES.notANumber });
    expect(parseAdminPrice('-5')).toEqual({ ok: false, message: PRICE_MESSAGES.negative });
    expect(parseAdminPrice('19.999')).toEqual({ ok: false, message: PRICE_MESSAGES.tooManyDecimals });
    expect(parseAdminPrice('10000.01')).toEqual({ ok: false, message: PRICE_MESSAGES.tooHigh });
  });

  it('takes zero only when confirmed, and dollars as cents', () => {
    expect(parseAdminPrice('0')).toEqual({ ok: false, message: PRICE_MESSAGES.zeroUnconfirmed });
    expect(parseAdminPrice('0', true)).toEqual({ ok: true, cents: 0 });
    expect(parseAdminPrice(' 45.5 ')).toEqual({ ok: true, cents: 4550 });
    expect(parseAdminPrice(31)).toEqual({ ok: true, cents: 3100 });
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
