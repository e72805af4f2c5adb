import { preparedRead } from '@leadmarket/platform';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { StoredLead } from '../domain/available-leads.js';
import type { MatchingDatabase } from './database.js';

/** Leads waiting for their match (their match in the consumer failed, or a wake-up was missed), oldest first. */
export async function pendingLeadIds(db: Kysely<MatchingDatabase>, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('lead_id')
    .where('status', '=', 'pending_match')
    .where('price_cents', 'is not', null)
    .orderBy('submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id);
}

export async function findLead(db: Kysely<MatchingDatabase>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/**
 * A lead left the market (sold, expired, deleted), in one statement. When the event beats the lead's
 * own LeadPriced, a tombstone row is stored, so the later LeadPriced finds the lead closed and never
 * offers it. When that LeadPriced is being handled at this moment (its row inserted, not committed),
 * the upsert waits for it and closes the committed row — an insert that skipped the conflict would
 * leave it open. A sale is never overwritten by an expiry; a deletion overwrites anything but
 * itself, and erases the description (which may hold the customer's contact).
 */
export async function closeLead(
  db: Kysely<MatchingDatabase>,
  leadId: string,
  status: 'purchased' | 'expired' | 'deleted',
  purchasedBy?: string,
): Promise<void> {
  const closed = await db
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
    .onConflict((oc) =>
      oc
        .column('lead_id')
        .doUpdateSet({
          status,
          ...(purchasedBy ? { purchased_by: purchasedBy } : {}),
          ...(status === 'deleted' ? { description: '' } : {}),
        })
        .where('leads.status', 'not in', status === 'deleted' ? ['deleted'] : ['purchased', 'deleted']),
    )
    .returning('lead_id')
    .executeTakeFirst();
  if (closed && status === 'purchased' && purchasedBy) await countPurchase(db, purchasedBy);
}

/**
 * One more lead bought by this contractor, on its record (the ranking's response rate). A buyer
 * matching does not know yet (its profile event still on the way) is not counted.
 */
async function countPurchase(db: Kysely<MatchingDatabase>, contractorId: string): Promise<void> {
  await db
    .updateTable('contractors')
    .set((eb) => ({ leads_purchased: eb('leads_purchased', '+', 1) }))
    .where('contractor_id', '=', contractorId)
    .execute();
}

/** One page of a contractor's available leads and how many there are in all. */
export interface AvailableLeadsPage {
  leads: StoredLead[];
  total: number;
}

/**
 * Still-sellable leads newer than `since` that are in the contractor's ZIP codes and trade, or were
 * offered to it, newest first: the newest `limit` with their descriptions and the count of all, in ONE
 * statement. The ZIP branch reads leads_available_zip_idx (only available leads, by ZIP and age) and
 * compares the trade as PostgreSQL keeps it (`target`, the same rule as targetsMatch), the offer
 * branch offers_contractor_idx; neither scans every available lead of the marketplace, and only the
 * page shown leaves the database however many leads wait (docs/adr/0015-19c-fast-dashboard.md).
 */
export async function availableLeadsOf(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  since: Date,
  limit: number,
): Promise<AvailableLeadsPage> {
  const rows = await availableLeadsRead(db, {
    contractorId,
    since: since.toISOString(),
    limit: String(limit),
  });
  return { leads: rows, total: Number(rows[0]?.total ?? 0) };
}

/**
 * The statement of availableLeadsOf, built and compiled once and sent as a prepared statement
 * (preparedRead, docs/adr/0025): the dashboard's first paint asks it for every contractor.
 */
const availableLeadsRead = preparedRead(
  (db: Kysely<MatchingDatabase>, p: { contractorId: string; since: string; limit: string }) => {
    const since = sql<Date>`${p.since}::timestamptz`;
    // The query builder, not raw SQL: the service's schema (withSchema) applies to builder table names only.
    return db
      .with('candidates', (qb) =>
        qb
          .selectFrom('leads')
          .select('lead_id')
          .where('status', '=', 'available')
          .where('submitted_at', '>', since)
          .where('zip_code', 'in', (eb: ExpressionBuilder<any, any>) =>
            eb.selectFrom('contractor_zips').select('zip_code').where('contractor_id', '=', p.contractorId),
          )
          // A deleted or unknown contractor has no target (null never equals): it sees only its offers.
          .where('target', '=', (eb: ExpressionBuilder<any, any>) =>
            eb
              .selectFrom('contractors')
              .select('target')
              .where('contractor_id', '=', p.contractorId)
              .where('deleted', '=', false),
          )
          // An offer is never older than its lead, so offers before `since` cannot name a lead after it.
          .union(
            qb
              .selectFrom('offers')
              .select('lead_id')
              .where('contractor_id', '=', p.contractorId)
              .where('offered_at', '>', since),
          ),
      )
      .selectFrom('candidates as c')
      .innerJoin('leads as l', 'l.lead_id', 'c.lead_id')
      .select([
        'l.lead_id',
        'l.service_category',
        'l.sub_service',
        'l.zip_code',
        'l.description',
        'l.submitted_at',
        'l.price_cents',
        'l.lead_type',
        // Counted before the limit: every candidate, not just the page.
        sql<number>`count(*) over ()`.as('total'),
      ])
      .where('l.status', '=', 'available')
      .where('l.submitted_at', '>', since)
      .orderBy('l.submitted_at', 'desc')
      .orderBy('l.lead_id')
      .limit(sql<number>`${p.limit}::int`);
  },
);
