import type { Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

/** A valid screened lead as matching keeps it (no contact details ever reach this service). */
export interface ScreenedLead {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
  urgency: string;
  preferred_contractor_id: string | null;
  is_test: boolean;
  submitted_at: string;
}

/** Record a valid lead as waiting for its match; a repeat (or a lead already sold/removed) changes nothing. */
export async function recordPendingLead(db: Kysely<MatchingDatabase>, lead: ScreenedLead): Promise<void> {
  await db
    .insertInto('leads')
    .values({ ...lead, status: 'pending_match' })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** Leads whose match has not been made yet (after a crash or an unreachable wallet-ledger), oldest first. */
export async function pendingLeadIds(db: Kysely<MatchingDatabase>, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('lead_id')
    .where('status', '=', 'pending_match')
    .orderBy('submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id);
}

export async function findLead(db: Kysely<MatchingDatabase>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** Lock a lead still waiting for its match (inside the matching transaction), or undefined. */
export async function lockPendingLead(trx: Kysely<MatchingDatabase>, leadId: string) {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending_match')
    .forUpdate()
    .executeTakeFirst();
}

/** One more failed price look-up for a pending lead. */
export async function recordPriceAttempt(db: Kysely<MatchingDatabase>, leadId: string): Promise<void> {
  await db
    .updateTable('leads')
    .set((eb) => ({ match_attempts: eb('match_attempts', '+', 1) }))
    .where('lead_id', '=', leadId)
    .execute();
}

export async function markMatched(
  trx: Kysely<MatchingDatabase>,
  leadId: string,
  priceCents: number,
  leadType: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ status: 'available', price_cents: priceCents, lead_type: leadType, matched_at: at })
    .where('lead_id', '=', leadId)
    .execute();
}

/**
 * A lead left the market (sold, expired, deleted). If the event beats the lead's own LeadScreened,
 * nothing is stored and the later LeadScreened still finds no row to offer — so we keep a
 * tombstone row for unknown leads.
 */
export async function closeLead(
  db: Kysely<MatchingDatabase>,
  leadId: string,
  status: 'purchased' | 'expired' | 'deleted',
  purchasedBy?: string,
): Promise<void> {
  const updated = await db
    .updateTable('leads')
    .set({ status, ...(purchasedBy ? { purchased_by: purchasedBy } : {}) })
    .where('lead_id', '=', leadId)
    .where('status', 'not in', status === 'deleted' ? ['deleted'] : ['purchased', 'deleted'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('leads')
    .values({
      lead_id: leadId,
      service_category: '',
      sub_service: '',
      zip_code: '',
      description: '',
      urgency: 'Standard',
      is_test: false,
      status,
      purchased_by: purchasedBy ?? null,
      submitted_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** Available (still sellable) leads in `zips`, or offered to this contractor, newer than `since`, newest first. */
export async function availableLeadsFor(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  zips: string[],
  since: Date,
) {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('status', '=', 'available')
    .where('submitted_at', '>', since)
    .where((eb) =>
      eb.or([
        ...(zips.length ? [eb('zip_code', 'in', zips)] : []),
        eb('lead_id', 'in', eb.selectFrom('offers').select('lead_id').where('contractor_id', '=', contractorId)),
      ]),
    )
    .orderBy('submitted_at', 'desc')
    .orderBy('lead_id')
    .execute();
}
