import {
  CONTRACTOR_MESSAGES,
  isCatalogued,
  industryOf,
  isEmailAddress,
  isPhoneNumber,
  MESSAGES,
  SIGNUP_PASSWORD_MIN,
} from '@leadmarket/contracts';

/** A rule broken by a form, with the field to point at. */
export interface RuleViolation {
  message: string;
  field?: string;
}

/** The business profile both signup and Edit Profile collect, cleaned up. */
export interface ProfileFields {
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  industry: string;
  sub_service: string;
  zip_codes: string[];
}

type Raw = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const PROFILE_REQUIRED = [
  'business_name',
  'contact_name',
  'email',
  'phone',
  'industry',
  'sub_service',
  'zip_codes',
] as const;

/** Spec: an address of the form {email} with no spaces (the one rule, from contracts). */
export const isValidEmail = isEmailAddress;

/**
 * A phone number notification can text: the one rule of every service (libphonenumber, US unless a
 * country code is given), stricter than the spec's "10 characters of digits and punctuation" so a
 * number accepted here is never one the SMS sender drops.
 */
export const isValidPhone = isPhoneNumber;

/** ZIP codes from comma-separated text or a list: split on commas, trimmed, empties dropped, duplicates removed. */
export function parseZipCodes(input: unknown): string[] {
  const parts = Array.isArray(input)
    ? input.flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    : typeof input === 'string'
      ? input.split(',')
      : [];
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

const isBlank = (raw: Raw, key: string): boolean =>
  key === 'zip_codes'
    ? Array.isArray(raw[key])
      ? (raw[key] as unknown[]).length === 0
      : str(raw[key]) === ''
    : str(raw[key]) === '';

/**
 * Edit Profile's rules in the spec's order (dashboards §5): required fields, email, phone, at
 * least one ZIP code; then what matching needs (5-digit ZIP codes, a catalogued industry and
 * sub-service). Returns the cleaned profile or the first violation.
 */
export function checkProfile(raw: Raw): { ok: true; profile: ProfileFields } | { ok: false; violation: RuleViolation } {
  const missing = PROFILE_REQUIRED.find((k) => isBlank(raw, k));
  if (missing) return { ok: false, violation: { message: MESSAGES.contractor.requiredFields, field: missing } };
  return checkProfileDetails(raw);
}

function checkProfileDetails(raw: Raw): { ok: true; profile: ProfileFields } | { ok: false; violation: RuleViolation } {
  const email = str(raw.email);
  if (!isValidEmail(email))
    return { ok: false, violation: { message: MESSAGES.contractor.invalidEmail, field: 'email' } };
  const phone = str(raw.phone);
  if (!isValidPhone(phone))
    return { ok: false, violation: { message: MESSAGES.contractor.invalidPhone, field: 'phone' } };
  const zip_codes = parseZipCodes(raw.zip_codes);
  if (zip_codes.length === 0)
    return { ok: false, violation: { message: MESSAGES.contractor.zipRequired, field: 'zip_codes' } };
  if (!zip_codes.every((z) => /^\d{5}$/.test(z)))
    return { ok: false, violation: { message: CONTRACTOR_MESSAGES.zipInvalid, field: 'zip_codes' } };
  const industry = str(raw.industry);
  if (!industryOf(industry))
    return { ok: false, violation: { message: CONTRACTOR_MESSAGES.industryInvalid, field: 'industry' } };
  const sub_service = str(raw.sub_service);
  if (!isCatalogued(industry, sub_service))
    return { ok: false, violation: { message: CONTRACTOR_MESSAGES.subServiceInvalid, field: 'sub_service' } };
  return {
    ok: true,
    profile: {
      business_name: str(raw.business_name),
      contact_name: str(raw.contact_name),
      email: email.toLowerCase(),
      phone,
      industry,
      sub_service,
      zip_codes,
    },
  };
}

/** A signup: the profile plus credentials. */
export interface SignupFields extends ProfileFields {
  username: string;
  password: string;
}

const SIGNUP_REQUIRED = [
  'contact_name',
  'business_name',
  'email',
  'phone',
  'industry',
  'sub_service',
  'username',
  'password',
  'confirm_password',
  'zip_codes',
] as const;

/**
 * Signup's rules (public-site §5): every required field, passwords match, at least 6 characters;
 * then the username's shape and the profile rules shared with Edit Profile.
 */
export function checkSignup(raw: Raw): { ok: true; signup: SignupFields } | { ok: false; violation: RuleViolation } {
  const missing = SIGNUP_REQUIRED.find((k) =>
    k === 'password' || k === 'confirm_password' ? typeof raw[k] !== 'string' || raw[k] === '' : isBlank(raw, k),
  );
  if (missing) return { ok: false, violation: { message: MESSAGES.contractor.requiredFields, field: missing } };
  const password = raw.password as string;
  if (password !== raw.confirm_password)
    return { ok: false, violation: { message: MESSAGES.signup.passwordsMismatch, field: 'confirm_password' } };
  if (password.length < SIGNUP_PASSWORD_MIN)
    return { ok: false, violation: { message: MESSAGES.signup.tooShort, field: 'password' } };
  const username = str(raw.username);
  if (!/^[A-Za-z0-9._-]{3,40}$/.test(username))
    return { ok: false, violation: { message: CONTRACTOR_MESSAGES.usernameInvalid, field: 'username' } };
  const checked = checkProfileDetails(raw);
  if (!checked.ok) return checked;
  return { ok: true, signup: { ...checked.profile, username, password } };
}
