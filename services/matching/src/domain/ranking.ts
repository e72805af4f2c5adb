import { capRefusal, spentAt, type SpendLimitsSnapshot } from '@leadmarket/contracts';
import { targetsMatch } from './category-match.js';

/** What ranking knows of a contractor (matching's projection plus its offer record). */
export interface Candidate {
  contractor_id: string;
  industry: string;
  sub_service: string;
  zip_codes: string[];
  active: boolean;
  balance_cents: number;
  /** Spend caps and spend so far; null or absent = no caps. */
  spend_limits?: SpendLimitsSnapshot | null;
  /** Offers this contractor received so far, and how many of those leads it bought. */
  offers_received: number;
  leads_purchased: number;
  /** When it was last offered a lead (ISO time), or null if never. */
  last_offered_at: string | null;
}

/** The lead being matched. */
export interface LeadToMatch {
  service_category: string;
  sub_service: string;
  zip_code: string;
  price_cents: number;
  preferred_contractor_id: string | null;
}

export interface RankedCandidate {
  contractor_id: string;
  score: number;
  preferred: boolean;
}

/** Weights of the score; they sum to 1 so a score lies in [0, 1]. */
export const SCORE_WEIGHTS = { fit: 0.3, response: 0.4, fairness: 0.3 } as const;
/** Hours after which a contractor counts as fully "rested" for fairness. */
export const FAIRNESS_HORIZON_HOURS = 72;

/**
 * Eligible = active, serves the lead's ZIP, same industry and sub-service, can afford the price,
 * and buying it would pass none of its spend caps (a contractor at its cap, or whose maximum price
 * per lead is below this price, is not offered it: the purchase would be refused).
 */
export function isEligible(candidate: Candidate, lead: LeadToMatch, now: Date = new Date()): boolean {
  return (
    candidate.active &&
    candidate.zip_codes.includes(lead.zip_code) &&
    targetsMatch(lead, candidate) &&
    candidate.balance_cents >= lead.price_cents &&
    withinSpendCaps(candidate, lead.price_cents, now)
  );
}

/** Whether a purchase at `priceCents` now would stay within the candidate's caps (the windows of contracts/spend-caps). */
export function withinSpendCaps(candidate: Candidate, priceCents: number, now: Date): boolean {
  const limits = candidate.spend_limits;
  if (!limits) return true;
  return capRefusal(limits, spentAt(limits, now), priceCents, now) === null;
}

/**
 * The score of an eligible contractor, in [0, 1]:
 * - fit (30%): how local the contractor is — one served ZIP scores 1, n ZIPs score 1/√n, so a
 *   specialist for the area ranks above someone who lists half the state;
 * - response record (40%): leads bought per offer received, smoothed ((bought+1)/(offers+2)) so a
 *   newcomer starts at 0.5 instead of 0 or 1;
 * - fairness (30%): hours since the last offer over 72 h, capped at 1 (never offered = 1), so the
 *   least recently offered go first among equals.
 */
export function scoreCandidate(candidate: Candidate, now: Date): number {
  const fit = 1 / Math.sqrt(Math.max(1, candidate.zip_codes.length));
  const offers = Math.max(0, candidate.offers_received);
  const bought = Math.min(Math.max(0, candidate.leads_purchased), offers);
  const response = (bought + 1) / (offers + 2);
  const fairness =
    candidate.last_offered_at === null
      ? 1
      : Math.min(
          1,
          Math.max(0, (now.getTime() - Date.parse(candidate.last_offered_at)) / 3_600_000 / FAIRNESS_HORIZON_HOURS),
        );
  return SCORE_WEIGHTS.fit * fit + SCORE_WEIGHTS.response * response + SCORE_WEIGHTS.fairness * fairness;
}

/**
 * The contractors to offer a lead to, best first, at most `limit`: only eligible ones; an eligible
 * preferred contractor (the customer asked for them) first; then by score, ties broken by who was
 * offered least recently (never first), then by id — so the same input always gives the same order.
 */
export function rankCandidates(
  candidates: Candidate[],
  lead: LeadToMatch,
  limit: number,
  now: Date,
): RankedCandidate[] {
  const seen = new Set<string>();
  const eligible = candidates.filter((c) => {
    if (seen.has(c.contractor_id) || !isEligible(c, lead, now)) return false;
    seen.add(c.contractor_id);
    return true;
  });
  const ranked = eligible.map((c) => ({
    candidate: c,
    preferred: lead.preferred_contractor_id !== null && c.contractor_id === lead.preferred_contractor_id,
    score: scoreCandidate(c, now),
  }));
  ranked.sort((a, b) => {
    if (a.preferred !== b.preferred) return a.preferred ? -1 : 1;
    if (a.score !== b.score) return b.score - a.score;
    const la = a.candidate.last_offered_at === null ? -Infinity : Date.parse(a.candidate.last_offered_at);
    const lb = b.candidate.last_offered_at === null ? -Infinity : Date.parse(b.candidate.last_offered_at);
    if (la !== lb) return la < lb ? -1 : 1;
    return a.candidate.contractor_id < b.candidate.contractor_id
      ? -1
      : a.candidate.contractor_id > b.candidate.contractor_id
        ? 1
        : 0;
  });
  return ranked
    .slice(0, Math.max(0, Math.floor(limit)))
    .map((r) => ({ contractor_id: r.candidate.contractor_id, score: r.score, preferred: r.preferred }));
}
