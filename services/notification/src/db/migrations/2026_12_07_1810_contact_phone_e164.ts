import { toE164 } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';

/** Rows backfilled per statement: a few thousand contacts a statement keeps each one short. */
const BACKFILL_BATCH = 2_000;

/**
 * Contacts keep the phone as SMS goes to it, in E.164 (null when toE164 cannot read it), written
 * with the phone by the profile events. A lead's offers are then queued by one statement that joins
 * the offers with the contacts (docs/adr/0055-notification-writes-less-per-lead.md), instead of
 * reading the phones out, normalising them in the consumer and inserting in a second statement.
 * Existing rows are backfilled here with the same rule (toE164) the events use from now on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('phone_e164', 'text').execute();
  for (let after = ''; ;) {
    const rows: Array<{ contractor_id: string; phone: string }> = await db
      .selectFrom('contacts')
      .select(['contractor_id', 'phone'])
      .where('deleted', '=', false)
      .where('contractor_id', '>', after)
      .orderBy('contractor_id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.contractor_id;
    const readable = rows.flatMap((r) => {
      const e164 = toE164(r.phone);
      return e164 ? [{ id: r.contractor_id, e164 }] : [];
    });
    if (readable.length === 0) continue;
    await db
      .updateTable('contacts')
      .from(
        sql<{ contractor_id: string; phone_e164: string }>`(
          select * from unnest(${readable.map((r) => r.id)}::text[], ${readable.map((r) => r.e164)}::text[])
            as v(contractor_id, phone_e164)
        )`.as('v'),
      )
      .set((eb) => ({ phone_e164: eb.ref('v.phone_e164') }))
      .whereRef('contacts.contractor_id', '=', 'v.contractor_id')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('phone_e164').execute();
}
