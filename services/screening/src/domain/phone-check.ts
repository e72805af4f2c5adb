import { lineTypeOfNumberType, type LineType } from '@leadmarket/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Outcome of one screening check: `reasons` empty when it passed. */
export interface CheckResult {
  valid: boolean;
  reasons: string[];
}

/** What screening reads of the customer's phone: its check, the line type a contractor is told, where its code goes. */
export interface PhoneReading {
  check: CheckResult;
  lineType: LineType;
  /** `toE164` of it (the same for every input, whichever metadata parses it: possible lengths are in both). */
  e164: string | null;
}

const ACCEPTED_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The check, the line type (`lineTypeOf`) and the E.164 form (`toE164`) from one parse: parsing
 * and matching the number against the full metadata's type patterns are most of what a lead's phone
 * costs, and each of the three parsed it again.
 */
export function readPhone(phone: string): PhoneReading {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'US');
  const type = parsed?.getType();
  return {
    check: checkParsed(parsed, type),
    lineType: lineTypeOfNumberType(type),
    e164: parsed?.isPossible() ? parsed.number : null,
  };
}

/** A US mobile or landline number that can exist (libphonenumber's full metadata). */
export const checkPhone = (phone: string): CheckResult => readPhone(phone).check;

function checkParsed(parsed: ReturnType<typeof parsePhoneNumberFromString>, type: string | undefined): CheckResult {
  if (!parsed) return { valid: false, reasons: ['phone:unparseable'] };
  if (!parsed.isValid()) return { valid: false, reasons: ['phone:invalid_number'] };
  if (parsed.country !== 'US') return { valid: false, reasons: ['phone:not_us'] };
  if (!type || !ACCEPTED_TYPES.has(type))
    return { valid: false, reasons: [`phone:type_${(type ?? 'unknown').toLowerCase()}`] };
  return { valid: true, reasons: [] };
}
