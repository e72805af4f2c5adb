import type { Kysely } from 'kysely';
import { candidatesFor, type CandidateLead } from '../db/contractors.repository.js';
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

/**
 * The contractors to offer the lead to, best first (rankCandidates), from the best few candidates
 * PostgreSQL returned. When spend caps refused so many of those that fewer than `offers` remain
 * and PostgreSQL had more, every candidate is read and ranked: the result is always what ranking
 * all of them would give.
 */
export async function pickOfferees(
  db: Kysely<MatchingDatabase>,
  lead: LeadToMatch,
  candidateLead: CandidateLead,
  best: Candidate[],
  { offers, now }: { offers: number; now: Date },
): Promise<RankedCandidate[]> {
  const ranked = rankCandidates(best, lead, offers, now);
  if (ranked.length >= offers || best.length < candidateLimit(offers)) return ranked;
  return rankCandidates(await candidatesFor(db, candidateLead, { now }), lead, offers, now);
}
