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
  return lineTypeOfNumberType(parsePhoneNumberFromString(raw.trim(), 'US')?.getType());
}

/** `lineTypeOf` for a number already parsed (its `getType()`): a caller that parsed it once need not again. */
export const lineTypeOfNumberType = (type: string | undefined): LineType =>
  (type ? LINE_TYPES_BY_METADATA[type] : undefined) ?? 'unknown';
