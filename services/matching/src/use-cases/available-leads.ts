import { AVAILABLE_LEADS_SHOWN, type AvailableLeadsResponse } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import { availableLeadsOf } from '../db/leads.repository.js';
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
  // A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives.
  const since = new Date(now.getTime() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
  const { leads, total } = await availableLeadsOf(db, contractorId, since, AVAILABLE_LEADS_SHOWN);
  return { available_leads: leads.map(availableLeadCard), total_available: total };
}
