import { HttpError, type ServiceContext } from '@leadmarket/platform';
import { CLAIM_MESSAGES } from '@leadmarket/contracts';
import { findLead, type LeadRow } from '../db/lead.repository.js';
import type { ContactFacts } from '../domain/lead-views.js';
import { offerOfToken, OffersUnavailableError, type Offer } from './matching-offers.js';
import { saleOf } from './purchased-lead.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** A claim-page failure: a 4xx whose body carries `success: false` and the message. */
const claimFailure = (status: number, message: string, claimStatus?: 'claimed_by_link_owner') =>
  new HttpError(status, message, undefined, { success: false, ...(claimStatus ? { status: claimStatus } : {}) });

/** An offer as the claim checks it (from matching, its owner). */
interface ClaimOffer extends ContactFacts {
  lead_id: string;
  contractor_id: string;
  expires_at: Date;
  price_cents: number | null;
}

const claimOfferOf = (o: Offer): ClaimOffer => ({ ...o, expires_at: new Date(o.expires_at) });

/** What matching knows of the contact, as the offer came with it (docs/adr/0045-phone-confirmed-before-the-offer.md). */
const factsOf = (o: ClaimOffer): ContactFacts => ({
  phone_confirmed_at: o.phone_confirmed_at,
  line_type: o.line_type,
  email_present: o.email_present,
});

/** The offer behind a token (asked of matching, which owns offers) and its lead, for any viewer (no contractor check yet). */
async function offerAndLead(
  ctx: ServiceContext<LeadIntakeDatabase>,
  token: string,
): Promise<{ offer: ClaimOffer; lead: LeadRow }> {
  let found: Offer | undefined;
  try {
    found = await offerOfToken(ctx, token);
  } catch (err) {
    if (!(err instanceof OffersUnavailableError)) throw err;
    ctx.logger.warn({ err: String(err) }, 'matching did not answer for a claim link');
    throw claimFailure(503, CLAIM_MESSAGES.offersUnavailable);
  }
  const lead = found && (await findLead(ctx.db, found.lead_id));
  if (!found || !lead) throw claimFailure(404, CLAIM_MESSAGES.unknown);
  return { offer: claimOfferOf(found), lead };
}

/** The lead a valid, unexpired, unsold offer points at (leads-claim-get), with the offer's price. */
export async function leadForClaimPage(
  ctx: ServiceContext<LeadIntakeDatabase>,
  token: string,
  now = new Date(),
): Promise<{ lead: LeadRow; priceCents: number | null; facts: ContactFacts }> {
  const { offer, lead } = await offerAndLead(ctx, token);
  // The link was sent to one contractor: bought by that one, it says so (no contact without signing in, ADR 0036).
  if (lead.purchased_by && lead.purchased_by === offer.contractor_id && lead.status !== 'deleted')
    throw claimFailure(409, CLAIM_MESSAGES.claimedByLinkOwner, 'claimed_by_link_owner');
  if (offer.expires_at.getTime() <= now.getTime()) throw claimFailure(410, CLAIM_MESSAGES.expired);
  if (lead.purchased_by) throw claimFailure(409, CLAIM_MESSAGES.alreadyClaimed);
  if (lead.status !== 'available') throw claimFailure(410, CLAIM_MESSAGES.unavailable);
  return { lead, priceCents: offer.price_cents, facts: factsOf(offer) };
}

/** Where a claim link stands for the signed-in contractor it was sent to (leads-claim-status). */
export type ClaimStatus =
  | { status: 'claimed_by_you'; lead: LeadRow; priceCents: number | null }
  | { status: 'available'; lead: LeadRow; priceCents: number | null; facts: ContactFacts }
  | { status: 'claimed' | 'expired' | 'unavailable'; message: string };

/**
 * The link as its own contractor sees it: the buyer reopening it gets the lead with its contact
 * ("You claimed this lead"); anyone else holding the token learns nothing beyond leads-claim-get.
 */
export async function claimStatusFor(
  ctx: ServiceContext<LeadIntakeDatabase>,
  token: string,
  contractorId: string,
  now = new Date(),
): Promise<ClaimStatus> {
  const { offer, lead } = await offerAndLead(ctx, token);
  if (offer.contractor_id !== contractorId) throw claimFailure(403, CLAIM_MESSAGES.wrongContractor);
  const priceCents = offer.price_cents ?? lead.price_cents ?? null;
  // Just claimed, LeadPurchased not yet taken here: the sale's owner says whether it is theirs.
  if (lead.purchased_by === null && lead.status === 'available') {
    const sale = await saleOf(ctx, lead.id).catch((err: unknown) => {
      ctx.logger.warn({ err: String(err) }, 'wallet-ledger did not say who bought a lead');
      return undefined;
    });
    if (sale)
      return sale.contractor_id === contractorId
        ? { status: 'claimed_by_you', lead, priceCents: sale.price_cents }
        : { status: 'claimed', message: CLAIM_MESSAGES.alreadyClaimed };
  }
  if (lead.purchased_by === contractorId && lead.status !== 'deleted')
    return { status: 'claimed_by_you', lead, priceCents };
  if (lead.purchased_by) return { status: 'claimed', message: CLAIM_MESSAGES.alreadyClaimed };
  if (offer.expires_at.getTime() <= now.getTime()) return { status: 'expired', message: CLAIM_MESSAGES.expired };
  if (lead.status !== 'available') return { status: 'unavailable', message: CLAIM_MESSAGES.unavailable };
  return { status: 'available', lead, priceCents, facts: factsOf(offer) };
}
