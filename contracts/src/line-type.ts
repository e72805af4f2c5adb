import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { LineType } from './events/leads.js';

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
