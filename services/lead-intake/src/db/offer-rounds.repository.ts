import type { Kysely } from 'kysely';

/** Expire one lead that is still available (its offer rounds passed unsold); false when it was not. */
export async function expireUnsoldLead(db: Kysely<any>, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({ status: 'expired', expired_at: at })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
