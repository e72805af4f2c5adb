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

/** The last round passed unsold: the lead expires here, where its offers are, with no more deadlines. */
export async function expireAfterRounds(trx: Kysely<MatchingDatabase>, leadId: string): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ status: 'expired', round_deadline_at: sql`null` })
    .where('lead_id', '=', leadId)
    .execute();
}

/**
 * Expire up to `limit` leads still on the market (waiting for their match or offered) that were
 * submitted before `cutoff`, in one statement; returns their ids. Rows another transaction holds
 * (a sale's close, a round) are skipped and taken by a later sweep.
 */
export async function expireLeadsSubmittedBefore(
  trx: Kysely<MatchingDatabase>,
  cutoff: Date,
  limit = 500,
): Promise<string[]> {
  const rows = await trx
    .updateTable('leads')
    .set({ status: 'expired', round_deadline_at: sql`null` })
    .where('lead_id', 'in', (eb) =>
      eb
        .selectFrom('leads')
        .select('lead_id')
        .where('status', 'in', ['awaiting_confirmation', 'pending_match', 'available'])
        .where('submitted_at', '<=', cutoff)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('lead_id')
    .execute();
  return rows.map((r) => r.lead_id);
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
