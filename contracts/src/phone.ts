// The minimal metadata (possible lengths per country) is all this rule reads, and it is what the
// browser's forms load; the full metadata stays on the server, in line-type.ts.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The one phone rule of every form and every service: a number in E.164 (what Twilio takes and
 * what lead-intake stores), read as a US number unless it carries a country code, by
 * libphonenumber's rules. Returns null when the text is no phone number of a possible length for
 * its country. Whether the number is assigned, or is a mobile, is a screening question, not this one.
 */
export function toE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  if (!parsed?.isPossible()) return null;
  // Services read the stored number with this rule again (screening's check, notification's SMS):
  // it must read as itself. A national prefix after the country code (+44 0 46…) is dropped one
  // zero at a time, so such a number would change on every reading: it is refused instead.
  if (parsed.number !== raw.trim() && parsePhoneNumberFromString(parsed.number)?.number !== parsed.number) return null;
  return parsed.number;
}

/** True when `raw` is a phone number toE164 can read (the check forms make before sending). */
export const isPhoneNumber = (raw: string): boolean => toE164(raw) !== null;
