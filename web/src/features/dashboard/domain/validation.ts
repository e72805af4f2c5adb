import { FUNDING_MAX_CENTS, FUNDING_MIN_CENTS } from '@leadmarket/contracts/constants';
import { isEmailAddress } from '@leadmarket/contracts/email';
import { isPhoneNumber } from '@leadmarket/contracts/phone';
import { MESSAGES } from '@leadmarket/contracts/messages';

const M = MESSAGES.contractor;

/** The Edit Profile form as typed (zip codes are one comma-separated text). */
export interface ProfileForm {
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  industry: string;
  sub_service: string;
  zip_codes: string;
  sms_opt_in: boolean;
}

/** ZIP codes split on commas, trimmed, empties dropped (format is not checked, §5). */
export function parseZipCodes(text: string): string[] {
  return text
    .split(',')
    .map((zip) => zip.trim())
    .filter((zip) => zip.length > 0);
}

/** The first failing rule of §5 in the spec's order, or null when the form may be sent. */
export function validateProfile(form: ProfileForm): string | null {
  const required = [
    form.business_name,
    form.contact_name,
    form.email,
    form.phone,
    form.industry,
    form.sub_service,
    form.zip_codes,
  ];
  if (required.some((value) => value.trim() === '')) return M.requiredFields;
  if (!isEmailAddress(form.email.trim())) return M.invalidEmail;
  if (!isPhoneNumber(form.phone)) return M.invalidPhone;
  if (parseZipCodes(form.zip_codes).length === 0) return M.zipRequired;
  return null;
}

/** Which field a problem belongs to, so each error shows beside its own field. */
export type ProfileFieldErrors = Partial<Record<keyof ProfileForm, string>>;

const REQUIRED_LABELS: ReadonlyArray<[keyof ProfileForm, string]> = [
  ['business_name', 'Enter your business name'],
  ['contact_name', 'Enter a contact name'],
  ['email', 'Enter your email address'],
  ['phone', 'Enter your phone number'],
  ['industry', 'Choose a service category'],
  ['sub_service', 'Choose a sub-service'],
  ['zip_codes', 'Enter at least one ZIP code'],
];

/** Every field's own problem (all at once, unlike validateProfile's single first message). */
export function profileFieldErrors(form: ProfileForm): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  for (const [field, text] of REQUIRED_LABELS) {
    if (String(form[field]).trim() === '') errors[field] = text;
  }
  if (!errors.email && !isEmailAddress(form.email.trim())) errors.email = M.invalidEmail;
  if (!errors.phone && !isPhoneNumber(form.phone)) errors.phone = M.invalidPhone;
  if (!errors.zip_codes && parseZipCodes(form.zip_codes).length === 0) errors.zip_codes = M.zipRequired;
  return errors;
}

/**
 * Dollars as people type them ("250", "$1,000.50"), or NaN for anything else (letters, "1.2.3",
 * more than two decimals).
 */
export function parseDollars(text: string): number {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** The fund amount's problem (§5), or null; one minimum for every funding card (docs/adr/0002). */
export function validateFundingAmount(text: string): string | null {
  const amount = parseDollars(text);
  if (!Number.isFinite(amount)) return M.invalidAmount;
  if (Math.round(amount * 100) < FUNDING_MIN_CENTS) return M.minimumFunding;
  if (Math.round(amount * 100) > FUNDING_MAX_CENTS) return M.maximumFunding;
  return null;
}
