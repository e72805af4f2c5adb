import type { Kysely } from 'kysely';

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
export async function recordPendingLead(db: Kysely<any>, lead: ScreenedLead): Promise<void> {
  await db
    .insertInto('leads')
    .values({ ...lead, status: 'pending_match' })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** Keep the price wallet-ledger fixed for a lead (LeadPriced); a repeat changes nothing. */
export async function recordLeadPrice(
  db: Kysely<any>,
  price: { lead_id: string; price_cents: number; lead_type: string; priced_at: string },
): Promise<void> {
  await db
    .insertInto('lead_prices')
    .values(price)
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** The fixed price of a lead, or undefined while its LeadPriced has not arrived. */
export async function leadPrice(db: Kysely<any>, leadId: string) {
  const row = await db
    .selectFrom('lead_prices')
    .select(['price_cents', 'lead_type'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row && { price_cents: Number(row.price_cents), lead_type: row.lead_type as string };
}

/**
 * Leads ready to be matched: screened valid and priced, not matched yet (a wake-up was missed or
 * a match failed), oldest first. A lead still waiting for its price is not listed.
 */
export async function pendingLeadIds(db: Kysely<any>, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('lead_prices', 'lead_prices.lead_id', 'leads.lead_id')
    .select('leads.lead_id')
    .where('leads.status', '=', 'pending_match')
    .orderBy('leads.submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id as string);
}

export async function findLead(db: Kysely<any>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** Lock a lead still waiting for its match (inside the matching transaction), or undefined. */
export async function lockPendingLead(trx: Kysely<any>, leadId: string) {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending_match')
    .forUpdate()
    .executeTakeFirst();
}

export async function markMatched(
  trx: Kysely<any>,
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
  db: Kysely<any>,
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
export async function availableLeadsFor(db: Kysely<any>, contractorId: string, zips: string[], since: Date) {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('status', '=', 'available')
    .where('submitted_at', '>', since.toISOString() as any)
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
