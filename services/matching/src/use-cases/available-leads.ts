import { AVAILABLE_LEADS_SHOWN, type AvailableLeadsResponse } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingConfig } from '../config.js';
import { availableLeadsOf, descriptionsOf } from '../db/leads.repository.js';
import { availableLeadCard, fitsContractor } from '../domain/available-leads.js';
import type { MatchingDatabase } from '../db/database.js';

/**
 * Still-sellable leads this contractor fits or was offered, newest first: the newest
 * AVAILABLE_LEADS_SHOWN as cards, `total_available` counting every one. One indexed query for the
 * candidates (without descriptions), one for the descriptions of the page shown.
 */
export async function availableLeads(
  db: Kysely<MatchingDatabase>,
  config: MatchingConfig,
  contractorId: string,
  now = new Date(),
): Promise<AvailableLeadsResponse> {
  // A lead older than the offer lifetime is no longer sellable even before its LeadExpired arrives.
  const since = new Date(now.getTime() - config.CLAIM_TOKEN_TTL_HOURS * 3_600_000);
  const { leads, contractor, offeredLeadIds } = await availableLeadsOf(db, contractorId, since);
  const fitting = leads.filter((l) => fitsContractor(l, contractor, offeredLeadIds));
  const shown = fitting.slice(0, AVAILABLE_LEADS_SHOWN);
  const descriptions = await descriptionsOf(
    db,
    shown.map((l) => l.lead_id),
  );
  const cards = shown.map((l) => availableLeadCard({ ...l, description: descriptions.get(l.lead_id) ?? '' }));
  return { available_leads: cards, total_available: fitting.length };
}
