import type { Kysely } from 'kysely';

/**
 * Note an automatic credit granted: the lead moves to Refunded, unless its reversal was handled
 * first (events of one producer may be handled out of order).
 */
export async function noteCreditGranted(db: Kysely<any>, creditId: string, leadId: string, at: Date): Promise<void> {
  const inserted = await db
    .insertInto('auto_credit_marks')
    .values({ credit_id: creditId, lead_id: leadId, reversed: false })
    .onConflict((oc) => oc.column('credit_id').doNothing())
    .returning('credit_id')
    .executeTakeFirst();
  if (!inserted) return; // already known: granted before, or reversed already
  await db
    .updateTable('leads')
    .set({ refunded_at: at })
    .where('id', '=', leadId)
    .where('refunded_at', 'is', null)
    .execute();
}

/** Note an automatic credit reversed: the lead is paid for again and leaves Refunded. */
export async function noteCreditReversed(db: Kysely<any>, creditId: string, leadId: string): Promise<void> {
  await db
    .insertInto('auto_credit_marks')
    .values({ credit_id: creditId, lead_id: leadId, reversed: true })
    .onConflict((oc) => oc.column('credit_id').doUpdateSet({ reversed: true }))
    .execute();
  await db.updateTable('leads').set({ refunded_at: null }).where('id', '=', leadId).execute();
}
