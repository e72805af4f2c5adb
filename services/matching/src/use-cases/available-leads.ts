import { AVAILABLE_LEADS_SHOWN, type AvailableLeadsResponse } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import { availableCountOf, availableLeadsOf } from '../db/leads.repository.js';
import { availableLeadCard } from '../domain/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

/**
 * Still-sellable leads this contractor fits or was offered, newest first: the newest
 * AVAILABLE_LEADS_SHOWN as cards, `total_available` counting every one (one indexed query).
 */
export async function availableLeads(
  db: Kysely<MatchingDatabase>,
  config: MatchingConfig,
  contractorId: string,
  now = new Date(),
): Promise<AvailableLeadsResponse> {
  const { leads, total } = await availableLeadsOf(db, contractorId, sellableSince(config, now), AVAILABLE_LEADS_SHOWN);
  return { available_leads: leads.map(availableLeadCard), total_available: total };
}

/** How many leads the contractor's Available tab holds, without its cards: the first paint's count. */
export async function availableCount(
  db: Kysely<MatchingDatabase>,
  config: MatchingConfig,
  contractorId: string,
  now = new Date(),
): Promise<number> {
  return availableCountOf(db, contractorId, sellableSince(config, now));
}

/** A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives. */
function sellableSince(config: MatchingConfig, now: Date): Date {
  return new Date(now.getTime() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
}
