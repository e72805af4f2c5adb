import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The one phone normaliser of every service: a number in E.164 (what Twilio takes and what we
 * store), read as a US number unless it carries a country code, by libphonenumber's rules.
 * Returns null when the text is no phone number of a possible length for its country. Whether
 * the number is assigned, or is a mobile, is a screening question, not this one.
 */
export function toE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : null;
}
