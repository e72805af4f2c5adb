import type { AvailableLeadsResponse } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import { availableLeadsOf } from '../db/leads.repository.js';
import { availableLeadCards } from '../domain/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

/** Still-sellable leads this contractor fits or was offered, newest first: one indexed query. */
export async function availableLeads(
  db: Kysely<MatchingDatabase>,
  config: MatchingConfig,
  contractorId: string,
  now = new Date(),
): Promise<AvailableLeadsResponse> {
  // A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives.
  const since = new Date(now.getTime() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
  const { leads, contractor, offeredLeadIds } = await availableLeadsOf(db, contractorId, since);
  const cards = availableLeadCards(leads, contractor, offeredLeadIds);
  return { available_leads: cards, total_available: cards.length };
}
