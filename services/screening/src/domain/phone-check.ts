import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Outcome of one screening check: `reasons` empty when it passed. */
export interface CheckResult {
  valid: boolean;
  reasons: string[];
}

const ACCEPTED_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/** A US mobile or landline number that can exist (libphonenumber's full metadata). */
export function checkPhone(phone: string): CheckResult {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed) return { valid: false, reasons: ['phone:unparseable'] };
  if (!parsed.isValid()) return { valid: false, reasons: ['phone:invalid_number'] };
  if (parsed.country !== 'US') return { valid: false, reasons: ['phone:not_us'] };
  const type = parsed.getType();
  if (!type || !ACCEPTED_TYPES.has(type))
    return { valid: false, reasons: [`phone:type_${(type ?? 'unknown').toLowerCase()}`] };
  return { valid: true, reasons: [] };
}
