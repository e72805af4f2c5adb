import { LINE_TYPES, URGENCIES, type EventData, type LineType, type Urgency } from '@leadmarket/contracts';
import { claimTokenFor, hashToken } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import type { MatchingContext } from '../context.js';
import type { MatchingDatabase } from '../db/database.js';
import { insertOffers, type LeadChange, type NewOffer } from '../db/offers.repository.js';

export interface RoundLead {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  urgency: string;
  /** What the offer SMS tells before the lead is bought (docs/adr/0045-phone-confirmed-before-the-offer.md). */
  submitted_at?: Date | string;
  line_type?: string | null;
  email_present?: boolean | null;
  phone_confirmed_at?: Date | string | null;
}

/** The lead's facts LeadMatched carries for the offer SMS: when it was sent, its contact's facts, the confirmation. */
function leadFacts(lead: RoundLead): Partial<EventData<'LeadMatched'>> {
  const facts: Partial<EventData<'LeadMatched'>> = {};
  if (lead.submitted_at) facts.submitted_at = new Date(lead.submitted_at).toISOString();
  if (lead.line_type && (LINE_TYPES as readonly string[]).includes(lead.line_type) && lead.email_present != null)
    facts.contact = { line_type: lead.line_type as LineType, email_present: lead.email_present };
  if (lead.phone_confirmed_at !== undefined)
    facts.phone_confirmed_at = lead.phone_confirmed_at ? new Date(lead.phone_confirmed_at).toISOString() : null;
  return facts;
}

/** A round of offers to plan: the lead, its price, its ranked contractors, where its ranks start. */
interface RoundPlan {
  lead: RoundLead;
  priceCents: number;
  ranked: Array<{ contractor_id: string; score: number }>;
  firstRank: number;
  number: number;
  now: Date;
}

/**
 * Store one round of offers (token hashes only; ranks continue from `firstRank`) and return the
 * LeadMatched that announces them, without tokens (notification rebuilds each from the server key,
 * docs/adr/0013). The first match and every re-routing round share it. One statement writes the
 * offers, the contractors' records and the lead's change (a round trip per lead matters).
 */
export async function storeOfferRound(
  trx: Kysely<MatchingDatabase>,
  ctx: MatchingContext,
  config: MatchingConfig,
  round: RoundPlan & {
    /** The lead's own change with this round (matched, next round), written in the offers' statement. */
    leadChange: LeadChange;
    /** Fail instead of waiting for a contractor another transaction holds (insertOffers). */
    noWait?: boolean;
    /**
     * Name up to this many contractors of the lead's area not offered it (LeadMatched's
     * `listed_to`), read by the offers' statement.
     */
    listing?: number;
  },
): Promise<EventData<'LeadMatched'>> {
  const plan = planOfferRound(ctx, config, round);
  // A run of one: the statement a LeadPriced batch stores its run with (matchRun).
  const listed = await insertOffers(trx, plan.offers, [{ lead_id: round.lead.lead_id, change: round.leadChange }], {
    noWait: round.noWait,
    listing: round.listing,
  });
  return plan.announce(listed.get(round.lead.lead_id) ?? []);
}

/**
 * One round's offers (token hashes only; ranks continue from `firstRank`) and the LeadMatched that
 * announces them once stored, given the contractors its statement listed: storeOfferRound's, and a
 * LeadPriced batch's, which stores a run's rounds in one statement.
 */
export function planOfferRound(
  ctx: MatchingContext,
  config: MatchingConfig,
  round: RoundPlan,
): { offers: NewOffer[]; announce(listed: string[]): EventData<'LeadMatched'> } {
  const { lead, now } = round;
  const offeredAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + config.CLAIM_TOKEN_TTL_HOURS * 3_600_000).toISOString();
  const offers = round.ranked.map((r, i) => ({ ...r, rank: round.firstRank + i }));
  return {
    offers: offers.map((o) => ({
      lead_id: lead.lead_id,
      contractor_id: o.contractor_id,
      rank: o.rank,
      round: round.number,
      claim_token_hash: hashToken(claimTokenFor(ctx.claimTokenKey, lead.lead_id, o.contractor_id)),
      score: o.score,
      offered_at: offeredAt,
      expires_at: expiresAt,
    })),
    announce: (listed) => ({
      lead_id: lead.lead_id,
      service_category: lead.service_category,
      sub_service: lead.sub_service,
      zip_code: lead.zip_code,
      price_cents: round.priceCents,
      ...((URGENCIES as readonly string[]).includes(lead.urgency) ? { urgency: lead.urgency as Urgency } : {}),
      ...leadFacts(lead),
      offers: offers.map((o) => ({
        contractor_id: o.contractor_id,
        rank: o.rank,
        expires_at: expiresAt,
        round: round.number,
      })),
      matched_at: offeredAt,
      ...(listed.length > 0 ? { listed_to: listed } : {}),
    }),
  };
}
