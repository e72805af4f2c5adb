import { CONTRACTOR_MESSAGES, MESSAGES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { checkProfile, checkSignup, isValidEmail, isValidPhone, parseZipCodes } from './profile-rules.js';

const profile = {
  business_name: 'Acme HVAC',
  contact_name: 'Ann Smith',
  email: 'Ann@Example.com',
  phone: '(555) 123-4567',
  industry: 'home_services',
  sub_service: 'hvac',
  zip_codes: '10001, 10002,,',
};
const signup = { ...profile, username: 'ann.smith', password: 'secret1', confirm_password: 'secret1' };

const violation = (r: ReturnType<typeof checkProfile> | ReturnType<typeof checkSignup>) =>
  r.ok ? undefined : r.violation.message;

describe('profile rules', () => {
  it('accepts a complete profile and cleans it', () => {
    const r = checkProfile(profile);
    expect(r).toEqual({ ok: true, profile: { ...profile, email: 'ann@example.com', zip_codes: ['10001', '10002'] } });
  });

  it('checks in the spec order: required, email, phone, zip', () => {
    expect(violation(checkProfile({ ...profile, business_name: ' ', email: 'bad' }))).toBe(
      MESSAGES.contractor.requiredFields,
    );
    expect(violation(checkProfile({ ...profile, zip_codes: [] }))).toBe(MESSAGES.contractor.requiredFields);
    expect(violation(checkProfile({ ...profile, email: 'a b@c.com', phone: '1' }))).toBe(
      MESSAGES.contractor.invalidEmail,
    );
    expect(violation(checkProfile({ ...profile, phone: '555-1234', zip_codes: ',' }))).toBe(
      MESSAGES.contractor.invalidPhone,
    );
    expect(violation(checkProfile({ ...profile, zip_codes: ' , ,' }))).toBe(MESSAGES.contractor.zipRequired);
    expect(violation(checkProfile({ ...profile, zip_codes: '1234' }))).toBe(CONTRACTOR_MESSAGES.zipInvalid);
    expect(violation(checkProfile({ ...profile, industry: 'space' }))).toBe(CONTRACTOR_MESSAGES.industryInvalid);
    expect(violation(checkProfile({ ...profile, sub_service: 'dental' }))).toBe(CONTRACTOR_MESSAGES.subServiceInvalid);
  });

  it('phone: any number notification can text, however it is written (the one phone rule)', () => {
    for (const phone of ['+1 555 123 4567', '5551234567', '(555) 123-4567', '555.123.4567', '+44 20 7946 0958'])
      expect(isValidPhone(phone), phone).toBe(true);
    // Nine digits passed the old "10 characters" regex with its punctuation, but no SMS reaches them.
    for (const phone of ['(555)-123-45', '555 123 456', '555-123-456x', '++5551234567', 'call me'])
      expect(isValidPhone(phone), phone).toBe(false);
  });

  it('email: something@domain.tld without spaces', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a @b.co')).toBe(false);
  });

  it('zip codes from text or list', () => {
    expect(parseZipCodes(' 10001 ,10002, 10001 ')).toEqual(['10001', '10002']);
    expect(parseZipCodes(['10001', ' 10003 ', ''])).toEqual(['10001', '10003']);
    expect(parseZipCodes(undefined)).toEqual([]);
  });
});

describe('signup rules', () => {
  it('accepts a complete signup', () => {
    const r = checkSignup(signup);
    expect(r.ok && r.signup.username).toBe('ann.smith');
  });

  it('requires every field', () => {
    for (const key of Object.keys(signup)) {
      expect(violation(checkSignup({ ...signup, [key]: '' }))).toBe(MESSAGES.contractor.requiredFields);
    }
  });

  it('passwords must match, then be at least 6 characters', () => {
    expect(violation(checkSignup({ ...signup, confirm_password: 'other12' }))).toBe(MESSAGES.signup.passwordsMismatch);
    expect(violation(checkSignup({ ...signup, password: '12345', confirm_password: '12345' }))).toBe(
      MESSAGES.signup.tooShort,
    );
    expect(checkSignup({ ...signup, password: '123456', confirm_password: '123456' }).ok).toBe(true);
  });

  it('username shape, then profile rules', () => {
    expect(violation(checkSignup({ ...signup, username: 'a b' }))).toBe(CONTRACTOR_MESSAGES.usernameInvalid);
    expect(violation(checkSignup({ ...signup, email: 'nope' }))).toBe(MESSAGES.contractor.invalidEmail);
  });
});
