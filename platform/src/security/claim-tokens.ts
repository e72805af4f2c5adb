import { createHmac } from 'node:crypto';
import { isProduction } from '../production.js';

/**
 * Claim tokens (docs/adr/0013-one-owner-of-offers-and-tokens.md). Matching owns offers and
 * mints each offer's token; it stores only the token's SHA-256. The token is never on the bus:
 * it is derived from a server key and the offer's (lead, contractor), so notification — the one
 * other holder of the key — rebuilds the very same token for the SMS link from the LeadMatched
 * event, which carries no secret. Whoever reads the database or the bus learns no working link.
 */

/** 24 bytes = 192 bits of HMAC output, 32 URL-safe characters. */
export const CLAIM_TOKEN_BYTES = 24;

/** Used outside production when CLAIM_TOKEN_KEY is unset (claim links are then forgeable: development only). */
export const DEVELOPMENT_CLAIM_TOKEN_KEY = 'leadmarket-development-claim-token-key';

/** The claim-token key: CLAIM_TOKEN_KEY (required in production, at least 32 characters). */
export function claimTokenKeyOf(env: Record<string, string | undefined>): string {
  const key = env.CLAIM_TOKEN_KEY?.trim();
  if (key) {
    if (key.length < 32) throw new Error('CLAIM_TOKEN_KEY must be at least 32 characters');
    return key;
  }
  if (isProduction(env)) throw new Error('CLAIM_TOKEN_KEY is required in production');
  return DEVELOPMENT_CLAIM_TOKEN_KEY;
}

/** The claim token of the offer of `leadId` to `contractorId` (each contractor is offered a lead at most once). */
export const claimTokenFor = (key: string, leadId: string, contractorId: string): string =>
  createHmac('sha256', key)
    .update(`claim-token:v1:${leadId}:${contractorId}`)
    .digest()
    .subarray(0, CLAIM_TOKEN_BYTES)
    .toString('base64url');

/** What lives in the production requirements of the services holding the key (matching, notification). */
export const CLAIM_TOKEN_REQUIREMENT = {
  variables: ['CLAIM_TOKEN_KEY'],
  purpose: 'the key claim-link tokens are derived from (matching mints them, notification puts them in the SMS)',
} as const;
