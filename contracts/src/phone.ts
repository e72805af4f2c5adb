import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { LineType } from './events/leads.js';

/**
 * The one phone rule of every form and every service: a number in E.164 (what Twilio takes and
 * what lead-intake stores), read as a US number unless it carries a country code, by
 * libphonenumber's rules. Returns null when the text is no phone number of a possible length for
 * its country. Whether the number is assigned, or is a mobile, is a screening question, not this one.
 */
export function toE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : null;
}

/** True when `raw` is a phone number toE164 can read (the check forms make before sending). */
export const isPhoneNumber = (raw: string): boolean => toE164(raw) !== null;

const LINE_TYPES_BY_METADATA: Partial<Record<string, LineType>> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'mobile_or_landline',
  VOIP: 'voip',
};

/**
 * The kind of line a number is, by libphonenumber's full metadata (its number ranges, not a carrier
 * look-up): what a contractor is told before buying. Most US numbers are `mobile_or_landline`,
 * because the North American plan gives mobiles and landlines the same ranges.
 */
export function lineTypeOf(raw: string): LineType {
  const type = parsePhoneNumberFromString(raw.trim(), 'US')?.getType();
  return (type && LINE_TYPES_BY_METADATA[type]) ?? 'unknown';
}
