import { createHmac } from 'node:crypto';
import { toE164 } from '@leadmarket/contracts';

/**
 * The customer's phone as a keyed fingerprint: HMAC-SHA256 of the E.164 number under a secret
 * only lead-intake holds (stored once in its database). wallet-ledger compares fingerprints to
 * spot a contractor buying the same customer twice within 30 days (docs/adr/0012) without ever
 * holding the phone, and without the key nobody can test a guessed number against it. Null for
 * an erased or unreadable phone.
 */
export function customerFingerprint(key: string, phone: string | null | undefined): string | null {
  const e164 = phone ? toE164(phone) : null;
  if (!e164) return null;
  return createHmac('sha256', key).update(`customer-phone\n${e164}`).digest('base64url');
}
