import { SIGNUP_PASSWORD_MIN } from '@leadmarket/contracts/constants';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { SignupInput } from './api/auth-calls';
import { isEmailAddress } from '@leadmarket/contracts/email';
import { isPhoneNumber } from '@leadmarket/contracts/phone';

export type SignupField = Exclude<keyof SignupInput, 'sms_opt_in'>;
export type SignupErrors = Partial<Record<SignupField, string>>;

/** The signup fields in page order (the first invalid one gets focus). */
export const SIGNUP_FIELDS: readonly SignupField[] = [
  'contact_name',
  'business_name',
  'email',
  'phone',
  'industry',
  'sub_service',
  'zip_codes',
  'username',
  'password',
  'confirm_password',
];

/**
 * Every problem of a signup form, each for its own field, in the server's words (spec §5 rules:
 * required, passwords match, length; and what the contractors service checks: email, phone, ZIPs).
 */
export function checkSignup(values: SignupInput): SignupErrors {
  const errors: SignupErrors = {};
  for (const key of SIGNUP_FIELDS) if (String(values[key]).trim() === '') errors[key] = FIELD_MESSAGES.required(key);
  const email = values.email.trim();
  if (email && !isEmailAddress(email)) errors.email = MESSAGES.contractor.invalidEmail;
  const phone = values.phone.trim();
  if (phone && !isPhoneNumber(phone)) errors.phone = MESSAGES.contractor.invalidPhone;
  const zips = values.zip_codes
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean);
  if (values.zip_codes.trim() && !zips.every((z) => /^\d{5}$/.test(z))) errors.zip_codes = FIELD_MESSAGES.zipCodes;
  if (values.password && values.password.length < SIGNUP_PASSWORD_MIN) errors.password = MESSAGES.signup.tooShort;
  if (values.confirm_password && values.password !== values.confirm_password)
    errors.confirm_password = MESSAGES.signup.passwordsMismatch;
  return errors;
}
