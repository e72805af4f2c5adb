import { LEAD_TYPE_OF_URGENCY, LEAD_TYPES, URGENCIES, type LeadType, type Urgency } from '@leadmarket/contracts';
import { hashToken, randomToken, ServiceCallError, type ServiceContext } from '@leadmarket/platform';
import type { MatchingConfig } from '../config.js';
import { candidatesForZip } from '../db/contractors.repository.js';
import { findLead, lockPendingLead, markMatched, recordPriceAttempt } from '../db/leads.repository.js';
import { startOfferRounds } from '../db/offer-rounds.repository.js';
import { insertOffers } from '../db/offers.repository.js';
import { rankCandidates } from '../domain/ranking.js';

/** Claim tokens carry 24 random bytes = 192 bits. */
const CLAIM_TOKEN_BYTES = 24;

interface LeadPrice {
  price_cents: number;
  lead_type: LeadType;
}

/** After this many failed price look-ups where wallet-ledger did answer (404, 5xx), the fallback is used. */
export const PRICE_LOOKUP_ATTEMPTS = 3;

/**
 * The lead's price from wallet-ledger (which fixes it on first ask), asked before any transaction
 * is open (embedded mode shares one connection). When wallet-ledger is absent, unreachable or not
 * built (501), the configured fallback keeps the pipeline flowing at once; when it answers with
 * another error (say it has not seen the lead yet), the lead waits for the next sweep, and only
 * after PRICE_LOOKUP_ATTEMPTS uses the fallback. The purchase itself is always priced by wallet-ledger.
 * Returns undefined when the lead should wait.
 */
async function priceOf(
  ctx: ServiceContext,
  config: MatchingConfig,
  lead: {
    lead_id: string;
    urgency: string;
    match_attempts: number;
    service_category: string;
    sub_service: string;
    zip_code: string;
    is_test: boolean;
  },
): Promise<LeadPrice | undefined> {
  const fallback = (): LeadPrice => ({
    price_cents: config.MATCHING_FALLBACK_PRICE_CENTS,
    lead_type: LEAD_TYPE_OF_URGENCY[lead.urgency as Urgency] ?? 'standard',
  });
  try {
    const answer = await ctx.clients.call<{ price_cents: number; lead_type: string }>(
      'wallet-ledger',
      `/internal/leads/${lead.lead_id}/price`,
      {
        timeoutMs: 2000,
        // What screening told us: wallet-ledger fixes the price from it at once instead of waiting
        // for its own copy of LeadScreened (the same event, consumed at the same moment).
        query: {
          service_category: lead.service_category,
          sub_service: lead.sub_service,
          zip_code: lead.zip_code,
          urgency: lead.urgency,
          is_test: lead.is_test,
        },
      },
    );
    if (
      Number.isInteger(answer?.price_cents) &&
      answer.price_cents >= 0 &&
      (LEAD_TYPES as readonly string[]).includes(answer.lead_type)
    ) {
      return { price_cents: answer.price_cents, lead_type: answer.lead_type as LeadType };
    }
    ctx.logger.warn(
      { lead_id: lead.lead_id, answer },
      'wallet-ledger price answer malformed; using the fallback price',
    );
    return fallback();
  } catch (err) {
    const status = err instanceof ServiceCallError ? err.status : undefined;
    const worthRetrying = status !== undefined && status !== 501 && lead.match_attempts + 1 < PRICE_LOOKUP_ATTEMPTS;
    ctx.logger.warn(
      { lead_id: lead.lead_id, status, attempt: lead.match_attempts + 1, err: String(err) },
      worthRetrying
        ? 'lead price not available yet from wallet-ledger; will retry'
        : 'lead price unavailable from wallet-ledger; using the fallback price',
    );
    return worthRetrying ? undefined : fallback();
  }
}

/**
 * Match one pending lead: price it (outside any transaction), then in one transaction lock it,
 * rank the eligible contractors, store the offers (token hashes only) and emit LeadMatched with the
 * tokens. A lead already matched, sold, expired or deleted is left alone, so running twice is harmless.
 * Returns the number of offers made, or undefined if the lead was not pending.
 */
export async function matchLead(
  ctx: ServiceContext,
  config: MatchingConfig,
  leadId: string,
  now = new Date(),
): Promise<number | undefined> {
  const lead = await findLead(ctx.db, leadId);
  if (!lead || lead.status !== 'pending_match') return undefined;
  const price = await priceOf(ctx, config, {
    lead_id: leadId,
    urgency: lead.urgency,
    match_attempts: Number(lead.match_attempts),
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    zip_code: lead.zip_code,
    is_test: Boolean(lead.is_test),
  });
  if (!price) {
    await recordPriceAttempt(ctx.db, leadId);
    return undefined;
  }

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPendingLead(trx, leadId);
    if (!locked) return undefined;
    const candidates = await candidatesForZip(trx, locked.zip_code);
    const ranked = rankCandidates(
      candidates,
      {
        service_category: locked.service_category,
        sub_service: locked.sub_service,
        zip_code: locked.zip_code,
        price_cents: price.price_cents,
        preferred_contractor_id: locked.preferred_contractor_id,
      },
      config.OFFERS_PER_LEAD,
      now,
    );
    const matchedAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + config.CLAIM_TOKEN_TTL_HOURS * 3_600_000).toISOString();
    const offers = ranked.map((r, i) => ({ ...r, rank: i + 1, token: randomToken(CLAIM_TOKEN_BYTES) }));
    await insertOffers(
      trx,
      offers.map((o) => ({
        lead_id: leadId,
        contractor_id: o.contractor_id,
        rank: o.rank,
        claim_token_hash: hashToken(o.token),
        score: o.score,
        offered_at: matchedAt,
        expires_at: expiresAt,
      })),
    );
    await markMatched(trx, leadId, price.price_cents, price.lead_type, matchedAt);
    await startOfferRounds(trx, leadId, new Date(now.getTime() + config.OFFER_ROUND_SECONDS * 1000));
    await ctx.emit(trx, [
      {
        type: 'LeadMatched',
        data: {
          lead_id: leadId,
          service_category: locked.service_category,
          sub_service: locked.sub_service,
          zip_code: locked.zip_code,
          price_cents: price.price_cents,
          ...((URGENCIES as readonly string[]).includes(locked.urgency) ? { urgency: locked.urgency as Urgency } : {}),
          offers: offers.map((o) => ({
            contractor_id: o.contractor_id,
            claim_token: o.token,
            rank: o.rank,
            expires_at: expiresAt,
            round: 1,
          })),
          matched_at: matchedAt,
        },
      },
    ]);
    ctx.logger.info({ lead_id: leadId, offers: offers.length, price_cents: price.price_cents }, 'lead matched');
    return offers.length;
  });
}
