import { sql, type Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

/** Available leads whose round deadline has passed (oldest first). */
export async function leadsPastRoundDeadline(db: Kysely<MatchingDatabase>, now: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('lead_id')
    .where('status', '=', 'available')
    .where('round_deadline_at', '<=', now)
    .orderBy('round_deadline_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id);
}

/** Lock an available lead still past its round deadline (inside the re-routing transaction). */
export async function lockLeadPastDeadline(trx: Kysely<MatchingDatabase>, leadId: string, now: Date) {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('status', '=', 'available')
    .where('round_deadline_at', '<=', now)
    .forUpdate()
    .executeTakeFirst();
}

/** The last round passed: no more deadlines; lead-intake expires the lead (LeadExpired closes it here). */
export async function endRounds(trx: Kysely<MatchingDatabase>, leadId: string): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ round_deadline_at: sql`null` })
    .where('lead_id', '=', leadId)
    .execute();
}

/** The highest rank given so far for a lead (new offers continue the numbering). */
export async function lastRank(trx: Kysely<MatchingDatabase>, leadId: string): Promise<number> {
  const row = await trx
    .selectFrom('offers')
    .select((eb) => eb.fn.max('rank').as('rank'))
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return Number(row?.rank ?? 0);
}
