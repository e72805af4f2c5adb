import type { Kysely } from 'kysely';
import type { LeadIntakeDatabase } from './database.js';

/** Expire one lead that is still available (its offer rounds passed unsold); false when it was not. */
export async function expireUnsoldLead(db: Kysely<LeadIntakeDatabase>, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({ status: 'expired', expired_at: at })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Record the buyer's first contact with the customer. Returns the lead's contact time (the first
 * one when it was already recorded) and whether this call set it; undefined when the lead is not
 * among this contractor's bought, unrefunded leads.
 */
export async function recordContact(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  contractorId: string,
  at: Date,
): Promise<{ contacted_at: Date; first: boolean } | undefined> {
  const set = await db
    .updateTable('leads')
    .set({ contacted_at: at })
    .where('id', '=', id)
    .where('purchased_by', '=', contractorId)
    .where('refunded_at', 'is', null)
    .where('contacted_at', 'is', null)
    .where('status', 'in', ['purchased', 'completed', 'archived'])
    .returning('contacted_at')
    .executeTakeFirst();
  if (set) return { contacted_at: set.contacted_at ?? at, first: true };
  const row = await db
    .selectFrom('leads')
    .select('contacted_at')
    .where('id', '=', id)
    .where('purchased_by', '=', contractorId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return row?.contacted_at ? { contacted_at: row.contacted_at, first: false } : undefined;
}
