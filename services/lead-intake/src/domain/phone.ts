import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The customer's phone in E.164, read as a US number unless it carries a country code.
 * Returns null when it cannot be read as a phone number at all (a 400); whether the number can
 * exist is screening's question (phone_valid), so a readable but impossible number is kept.
 */
export function normalisePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  if (!parsed) return null;
  const national = String(parsed.nationalNumber);
  if (national.length < 7 || national.length > 15) return null;
  return parsed.number;
}
