import { LEAD_TYPE_OF_URGENCY, LEAD_TYPES, type LeadType, type Urgency } from '@leadmarket/contracts';
import { hashToken, randomToken, ServiceCallError, type ServiceContext } from '@leadmarket/platform';
import type { MatchingConfig } from './config.js';
import { candidatesForZip } from './db/contractors.repository.js';
import { findLead, lockPendingLead, markMatched } from './db/leads.repository.js';
import { insertOffers } from './db/offers.repository.js';
import { rankCandidates } from './domain/ranking.js';

/** Claim tokens carry 24 random bytes = 192 bits. */
const CLAIM_TOKEN_BYTES = 24;

interface LeadPrice {
  price_cents: number;
  lead_type: LeadType;
}

/**
 * The lead's price from wallet-ledger (which fixes it on first ask). Called before any transaction
 * is open (embedded mode shares one connection). If wallet-ledger cannot answer, the configured
 * fallback keeps the pipeline flowing; the purchase itself is always priced by wallet-ledger.
 */
async function priceOf(ctx: ServiceContext, config: MatchingConfig, leadId: string, urgency: string): Promise<LeadPrice> {
  try {
    const answer = await ctx.clients.call<{ price_cents: number; lead_type: string }>('wallet-ledger', `/internal/leads/${leadId}/price`, { timeoutMs: 2000 });
    if (Number.isInteger(answer?.price_cents) && (LEAD_TYPES as readonly string[]).includes(answer.lead_type)) {
      return { price_cents: answer.price_cents, lead_type: answer.lead_type as LeadType };
    }
    ctx.logger.warn({ lead_id: leadId, answer }, 'wallet-ledger price answer malformed; using the fallback price');
  } catch (err) {
    const status = err instanceof ServiceCallError ? err.status : undefined;
    ctx.logger.warn({ lead_id: leadId, status, err: String(err) }, 'lead price unavailable from wallet-ledger; using the fallback price');
  }
  return { price_cents: config.MATCHING_FALLBACK_PRICE_CENTS, lead_type: LEAD_TYPE_OF_URGENCY[urgency as Urgency] ?? 'standard' };
}

/**
 * Match one pending lead: price it (outside any transaction), then in one transaction lock it,
 * rank the eligible contractors, store the offers (token hashes only) and emit LeadMatched with the
 * tokens. A lead already matched, sold, expired or deleted is left alone, so running twice is harmless.
 * Returns the number of offers made, or undefined if the lead was not pending.
 */
export async function matchLead(ctx: ServiceContext, config: MatchingConfig, leadId: string, now = new Date()): Promise<number | undefined> {
  const lead = await findLead(ctx.db, leadId);
  if (!lead || lead.status !== 'pending_match') return undefined;
  const price = await priceOf(ctx, config, leadId, lead.urgency);

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
    await ctx.emit(trx, [
      {
        type: 'LeadMatched',
        data: {
          lead_id: leadId,
          service_category: locked.service_category,
          sub_service: locked.sub_service,
          zip_code: locked.zip_code,
          price_cents: price.price_cents,
          offers: offers.map((o) => ({ contractor_id: o.contractor_id, claim_token: o.token, rank: o.rank, expires_at: expiresAt })),
          matched_at: matchedAt,
        },
      },
    ]);
    ctx.logger.info({ lead_id: leadId, offers: offers.length, price_cents: price.price_cents }, 'lead matched');
    return offers.length;
  });
}
