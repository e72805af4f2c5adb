import { SIGNUP_PASSWORD_MIN } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { SignupInput } from './api/auth-calls';

const REQUIRED: Array<keyof SignupInput> = [
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
];

/** The first problem with a signup form (spec §5 order: required, match, length), or null. */
export function validateSignup(values: SignupInput): string | null {
  if (REQUIRED.some((key) => String(values[key]).trim() === '')) return MESSAGES.contractor.requiredFields;
  if (values.password !== values.confirm_password) return MESSAGES.signup.passwordsMismatch;
  if (values.password.length < SIGNUP_PASSWORD_MIN) return MESSAGES.signup.tooShort;
  return null;
}
