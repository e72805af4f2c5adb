import { sql, type Kysely } from 'kysely';
import { candidateLeadOf, candidatesFor } from '../db/contractors.repository.js';
import type { MatchingDatabase } from '../db/database.js';
import { rankCandidates, type Candidate, type LeadToMatch, type RankedCandidate } from '../domain/ranking.js';

/**
 * How many candidates PostgreSQL hands over per offer to make: it judges everything but spend caps
 * (checked in code, contracts/spend-caps), so it returns a few more than wanted in case caps refuse
 * some of the best.
 */
export const CANDIDATES_PER_OFFER = 4;

/** How many candidates to ask PostgreSQL for when `offers` offers are wanted. */
export const candidateLimit = (offers: number) => Math.max(1, offers) * CANDIDATES_PER_OFFER;

/** The lead as ranking sees it, with its trade as PostgreSQL keeps it (its `target`). */
export type LeadToOffer = LeadToMatch & { lead_id: string; target: string | null };

/**
 * The contractors to offer the lead to, best first (rankCandidates). `best` are the best few
 * candidates PostgreSQL returned with the lead, or undefined to ask for them here; a re-routing
 * round (`notOfferedBefore`) leaves out those offered the lead already. When spend caps refused so
 * many of those that fewer than `offers` remain and PostgreSQL had more, every candidate is read and
 * ranked: the result is always what ranking all of them would give.
 */
export async function pickOfferees(
  db: Kysely<MatchingDatabase>,
  lead: LeadToOffer,
  best: Candidate[] | undefined,
  { offers, now, notOfferedBefore = false }: { offers: number; now: Date; notOfferedBefore?: boolean },
): Promise<RankedCandidate[]> {
  const candidateLead = {
    ...candidateLeadOf(lead),
    ...(notOfferedBefore ? { not_offered_lead: sql.val(lead.lead_id) } : {}),
  };
  const limit = candidateLimit(offers);
  const first = best ?? (await candidatesFor(db, candidateLead, { now, limit }));
  const ranked = rankCandidates(first, lead, offers, now);
  if (ranked.length >= offers || first.length < limit) return ranked;
  return rankCandidates(await candidatesFor(db, candidateLead, { now }), lead, offers, now);
}
