import {
  centsToDollars,
  CLAIM_MESSAGES,
  InternalOfferSchema,
  MESSAGES,
  type InternalResponse,
} from '@leadmarket/contracts';
import { callInternal, hashToken, HttpError, ServiceCallError } from '@leadmarket/platform';
import type { WalletContext } from '../context.js';
import { PURCHASE_MESSAGES, saleOfLead } from './purchase-lead.js';
import { sellLead } from './sell-lead.js';

/** The claim's answer: the page shows its own 'Lead Claimed Successfully!' heading above the message. */
export interface ClaimAnswer {
  success: true;
  message: string;
  /** The lead with its customer's contact; absent when its holder could not be read for this answer. */
  lead?: InternalResponse<'leadContact'>['lead'];
}

/** A claim-page failure: a 4xx (or 503) whose body carries `success: false` and the message. */
const claimFailure = (status: number, message: string) => new HttpError(status, message, undefined, { success: false });

/**
 * Buy the lead of a claim link for the contractor it was sent to, on the dashboard's path: the offer
 * behind the token is read from matching (its owner; the token goes no further than its hash), the
 * sale is `sellLead` with channel 'claim', and the contact is read from lead-intake (its only
 * holder) for the answer. Both reads are reads while the buyer waits; nothing is written anywhere
 * but here, and every other service learns the sale from LeadPurchased (docs/adr/0049). The buyer
 * repeating the claim gets the same answer, and is charged once.
 */
export async function claimLead(
  ctx: WalletContext,
  token: string,
  contractorId: string,
  now = new Date(),
): Promise<ClaimAnswer> {
  const offer = await offerOfToken(ctx, token);
  if (!offer) throw claimFailure(404, CLAIM_MESSAGES.unknown);
  if (offer.contractor_id !== contractorId) throw claimFailure(403, CLAIM_MESSAGES.wrongContractor);
  let priceCents: number;
  if (new Date(offer.expires_at).getTime() <= now.getTime()) {
    // A dead link still answers its own buyer (a repeated claim), and nobody else.
    const earlier = await saleOfLead(ctx.db, offer.lead_id);
    if (earlier?.contractor_id !== contractorId) throw claimFailure(410, CLAIM_MESSAGES.expired);
    priceCents = Number(earlier.price_cents);
  } else {
    priceCents = await sellOrRefuse(ctx, offer.lead_id, contractorId);
  }
  const lead = await contactOf(ctx, offer.lead_id);
  if (!lead) return { success: true, message: CLAIM_MESSAGES.contactLater };
  return {
    success: true,
    message: MESSAGES.contractorSuccess.leadPurchased,
    lead: { ...lead, price: centsToDollars(priceCents) },
  };
}

/** The sale, or the claim page's words for why there is none; the price the buyer paid. */
async function sellOrRefuse(ctx: WalletContext, leadId: string, contractorId: string): Promise<number> {
  try {
    return (await sellLead(ctx, { leadId, contractorId, channel: 'claim' })).priceCents;
  } catch (err) {
    if (!(err instanceof HttpError)) {
      // The ledger could not answer (its database failing); claiming again answers any sale it made.
      ctx.logger.warn({ err: String(err), lead_id: leadId }, 'a claim could not be sold');
      throw claimFailure(503, CLAIM_MESSAGES.purchaseUnavailable);
    }
    if (err.statusCode === 402) throw new HttpError(402, err.message, undefined, { ...err.extra, success: false });
    if (err.statusCode === 409 && err.message === PURCHASE_MESSAGES.sold)
      throw claimFailure(409, CLAIM_MESSAGES.alreadyClaimed);
    if (err.statusCode === 409 && err.message === PURCHASE_MESSAGES.changed) throw claimFailure(409, err.message);
    if (err.statusCode === 409 || err.statusCode === 404) {
      // Not for sale now: still the answer of its own buyer (a refunded purchase keeps its contact).
      const earlier = await saleOfLead(ctx.db, leadId);
      if (earlier?.contractor_id === contractorId) return Number(earlier.price_cents);
      throw claimFailure(410, CLAIM_MESSAGES.unavailable);
    }
    throw err;
  }
}

/** The offer a claim token belongs to, from matching; undefined for a token nobody was sent. */
async function offerOfToken(ctx: WalletContext, token: string) {
  try {
    const answer = await callInternal(ctx.clients, 'offerByTokenHash', {
      params: { hash: hashToken(token) },
      timeoutMs: 3000,
    });
    // Checked, not trusted: the claim decides who may buy from this offer.
    return InternalOfferSchema.parse(answer.offer);
  } catch (err) {
    if (err instanceof ServiceCallError && err.status === 404) return undefined;
    ctx.logger.warn({ err: String(err) }, 'matching did not answer for a claim link');
    throw claimFailure(503, CLAIM_MESSAGES.offersUnavailable);
  }
}

/** The lead with its contact, from lead-intake; undefined when it cannot answer now (the sale stands). */
async function contactOf(ctx: WalletContext, leadId: string) {
  try {
    return (await callInternal(ctx.clients, 'leadContact', { params: { id: leadId }, timeoutMs: 3000 })).lead;
  } catch (err) {
    ctx.logger.warn({ err: String(err), lead_id: leadId }, 'lead-intake did not give a claimed lead’s contact');
    return undefined;
  }
}
