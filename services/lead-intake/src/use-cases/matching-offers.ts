import { InternalOfferSchema, type InternalOffer } from '@leadmarket/contracts';
import { callInternal, hashToken, ServiceCallError, type ServiceContext } from '@leadmarket/platform';
import { z } from 'zod';
import type { LeadIntakeDatabase } from '../db/database.js';

/**
 * Offers and their claim tokens belong to matching (docs/adr/0013-one-owner-of-offers-and-tokens.md):
 * lead-intake keeps no copy. The claim page finds the offer behind a link by the token's SHA-256
 * (the token itself goes no further than this service), and the admin lead list asks who was offered.
 */
export type Offer = InternalOffer;

/** Matching could not answer (down, timed out): the caller says so in plain words. */
export class OffersUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`matching could not answer for offers: ${String(cause)}`);
    this.name = 'OffersUnavailableError';
  }
}

/** The offer a claim token belongs to, or undefined for a token nobody was sent. */
export async function offerOfToken(ctx: ServiceContext<LeadIntakeDatabase>, token: string): Promise<Offer | undefined> {
  try {
    const answer = await callInternal(ctx.clients, 'offerByTokenHash', {
      params: { hash: hashToken(token) },
      timeoutMs: 3000,
    });
    // Checked, not trusted: the claim decides who may buy from this offer.
    return InternalOfferSchema.parse(answer.offer);
  } catch (err) {
    if (err instanceof ServiceCallError && err.status === 404) return undefined;
    throw new OffersUnavailableError(err);
  }
}

/** Every offer of these leads (admin lead list). */
export async function offersOfLeads(ctx: ServiceContext<LeadIntakeDatabase>, leadIds: string[]): Promise<Offer[]> {
  if (leadIds.length === 0) return [];
  try {
    const answer = await callInternal(ctx.clients, 'offersOfLeads', { body: { lead_ids: leadIds }, timeoutMs: 3000 });
    return z.array(InternalOfferSchema).parse(answer.offers);
  } catch (err) {
    throw new OffersUnavailableError(err);
  }
}
