import type { Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

/**
 * A lead's phone confirmation as matching keeps it (docs/adr/0045-phone-confirmed-before-the-offer.md):
 * on the lead, or, when it came before the lead's LeadPriced, in `early_confirmations` until then.
 */

/** Record a confirmation: on the lead (its status before, returned) or, before the lead came, aside. */
export async function recordConfirmation(
  trx: Kysely<MatchingDatabase>,
  leadId: string,
  confirmedAt: Date,
): Promise<{ status: string } | undefined> {
  const lead = await trx
    .updateTable('leads')
    .set({ phone_confirmed_at: confirmedAt })
    .where('lead_id', '=', leadId)
    .where('phone_confirmed_at', 'is', null)
    .returning('status')
    .executeTakeFirst();
  if (lead) return lead;
  const known = await trx.selectFrom('leads').select('status').where('lead_id', '=', leadId).executeTakeFirst();
  if (known) return undefined;
  await trx
    .insertInto('early_confirmations')
    .values({ lead_id: leadId, confirmed_at: confirmedAt })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
  return undefined;
}

/** The confirmation that came before the lead did, taken as the lead is stored. */
export async function takeEarlyConfirmation(trx: Kysely<MatchingDatabase>, leadId: string): Promise<Date | null> {
  const row = await trx
    .deleteFrom('early_confirmations')
    .where('lead_id', '=', leadId)
    .returning('confirmed_at')
    .executeTakeFirst();
  return row ? new Date(row.confirmed_at) : null;
}

/** A lead waiting for its confirmation goes to the matcher (confirmed, or its rule says offer). */
export async function releaseAwaitingLead(trx: Kysely<MatchingDatabase>, leadId: string): Promise<boolean> {
  const released = await trx
    .updateTable('leads')
    .set({ status: 'pending_match' })
    .where('lead_id', '=', leadId)
    .where('status', '=', 'awaiting_confirmation')
    .returning('lead_id')
    .executeTakeFirst();
  return Boolean(released);
}

/** A lead whose wait passed unconfirmed under an "expire" rule leaves the market unoffered. */
export async function expireAwaitingLead(trx: Kysely<MatchingDatabase>, leadId: string): Promise<boolean> {
  const expired = await trx
    .updateTable('leads')
    .set({ status: 'expired' })
    .where('lead_id', '=', leadId)
    .where('status', '=', 'awaiting_confirmation')
    .returning('lead_id')
    .executeTakeFirst();
  return Boolean(expired);
}

/** Every lead waiting for its confirmation, oldest first (few: only "confirmed only" categories have them). */
export async function awaitingLeads(
  db: Kysely<MatchingDatabase>,
  limit = 500,
): Promise<Array<{ lead_id: string; service_category: string; submitted_at: Date }>> {
  const rows = await db
    .selectFrom('leads')
    .select(['lead_id', 'service_category', 'submitted_at'])
    .where('status', '=', 'awaiting_confirmation')
    .orderBy('submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, submitted_at: new Date(r.submitted_at) }));
}
