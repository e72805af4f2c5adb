import { describe, expect, it } from 'vitest';
import { parseDollars, parseZipCodes, profileFieldErrors, validateFundingAmount, validateProfile } from './validation';

const valid = {
  business_name: 'B',
  contact_name: 'C',
  email: 'a@b.co',
  phone: '5551234567',
  industry: 'HVAC',
  sub_service: 'AC',
  zip_codes: '12345',
  sms_opt_in: true,
};

describe('validateFundingAmount', () => {
  it.each([
    ['', 'Please enter a valid amount'],
    ['abc', 'Please enter a valid amount'],
    ['99.99', 'Minimum funding amount is $100'],
    ['100', null],
    ['10000', null],
    ['10000.01', 'Maximum funding amount is $10,000'],
    ['25O', 'Please enter a valid amount'],
    ['1.2.3', 'Please enter a valid amount'],
    ['150.005', 'Please enter a valid amount'],
    ['$1,000.50', null],
  ])('%s -> %s', (input, expected) => expect(validateFundingAmount(input)).toBe(expected));
});

describe('validateProfile', () => {
  it('accepts a complete profile', () => expect(validateProfile(valid)).toBeNull());
  it('requires every field, whitespace counting as empty', () =>
    expect(validateProfile({ ...valid, sub_service: '  ' })).toBe('Please fill in all required fields'));
  it('rejects an email with spaces', () =>
    expect(validateProfile({ ...valid, email: 'a b@c.co' })).toBe('Please enter a valid email address'));
  it.each(['555123456', '555-123-456x', '++15551234567', '(555)-123-45', '555-1234'])('rejects phone %s', (phone) =>
    expect(validateProfile({ ...valid, phone })).toBe('Please enter a valid phone number'),
  );
  it.each(['+1 (555) 123-4567', '555 123 4567', '(555)1234567', '555.123.4567'])('accepts phone %s', (phone) =>
    expect(validateProfile({ ...valid, phone })).toBeNull(),
  );
  it('needs one zip code after trimming', () =>
    expect(validateProfile({ ...valid, zip_codes: ' , ' })).toBe('Please enter at least one zip code'));
  it('splits zip codes on commas without checking their format', () =>
    expect(parseZipCodes(' 1, ,abc ,')).toEqual(['1', 'abc']));
});

describe('parseDollars', () => {
  it.each([
    ['250', 250],
    [' $250.5 ', 250.5],
    ['$1,000', 1000],
    ['10,000.00', 10000],
  ])('%s -> %s', (input, expected) => expect(parseDollars(input)).toBe(expected));
  it.each(['', 'abc', '1,00', '-5', '1e3', '12.345'])('%s is not an amount', (input) =>
    expect(parseDollars(input)).toBeNaN(),
  );
});

describe('profileFieldErrors', () => {
  it('has nothing to say about a complete profile', () => expect(profileFieldErrors(valid)).toEqual({}));
  it('names every wrong field at once, each with its own words', () =>
    expect(
      profileFieldErrors({ ...valid, business_name: ' ', email: 'a b@c.co', phone: '123', zip_codes: ' , ' }),
    ).toEqual({
      business_name: 'Enter your business name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      zip_codes: 'Please enter at least one zip code',
    }));
});
