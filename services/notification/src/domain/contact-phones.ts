import { toE164 } from '@leadmarket/contracts';

/**
 * Contractors' phones as toE164 reads them (the one phone rule), remembered by their stored text:
 * the same few thousand contractors are offered lead after lead, and parsing a number with
 * libphonenumber for each offer SMS was a measurable part of the sender's CPU. A contractor's
 * changed phone is new text, read afresh; the memory is bounded and starts over when full.
 */
const MAX_REMEMBERED = 10_000;
const read = new Map<string, string | null>();

/** toE164 of a contractor's stored phone. */
export function contactPhoneE164(phone: string): string | null {
  const known = read.get(phone);
  if (known !== undefined) return known;
  const e164 = toE164(phone);
  if (read.size >= MAX_REMEMBERED) read.clear();
  read.set(phone, e164);
  return e164;
}
