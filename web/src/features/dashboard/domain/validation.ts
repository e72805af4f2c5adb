import { FUNDING_MAX_CENTS, FUNDING_MIN_CENTS, MIN_PHONE_LENGTH } from '@leadmarket/contracts/constants';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = new RegExp(`^\\+?[\\d\\s\\-()]{${MIN_PHONE_LENGTH},}$`);

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
  if (!EMAIL.test(form.email.trim())) return M.invalidEmail;
  if (!PHONE.test(form.phone.replace(/\s/g, ''))) return M.invalidPhone;
  if (parseZipCodes(form.zip_codes).length === 0) return M.zipRequired;
  return null;
}

/** The fund amount's problem (§5), or null; one minimum for every funding card (docs/adr/0002). */
export function validateFundingAmount(text: string): string | null {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount)) return M.invalidAmount;
  if (Math.round(amount * 100) < FUNDING_MIN_CENTS) return M.minimumFunding;
  if (Math.round(amount * 100) > FUNDING_MAX_CENTS) return M.maximumFunding;
  return null;
}
