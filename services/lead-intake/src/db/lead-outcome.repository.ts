import type { CheckedOutcome } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { LeadRow } from './lead.repository.js';
import type { LeadIntakeDatabase } from './database.js';

/** A lead `contractorId` bought (not deleted), locked for the rest of the transaction; undefined when not theirs. */
export function boughtLeadForUpdate(
  db: Kysely<LeadIntakeDatabase>,
  leadId: string,
  contractorId: string,
): Promise<LeadRow | undefined> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', leadId)
    .where('purchased_by', '=', contractorId)
    .where('status', '!=', 'deleted')
    .forUpdate()
    .executeTakeFirst();
}

/** Keep the buyer's outcome; `at` moves only when the outcome itself changed (a note alone keeps its time). */
export function setLeadOutcome(
  db: Kysely<LeadIntakeDatabase>,
  leadId: string,
  value: CheckedOutcome,
  at: Date | undefined,
): Promise<LeadRow> {
  return db
    .updateTable('leads')
    .set({
      outcome: value.outcome,
      outcome_job_value_cents: value.job_value_cents,
      outcome_lost_reason: value.lost_reason,
      outcome_note: value.note,
      ...(at ? { outcome_at: at } : {}),
    })
    .where('id', '=', leadId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
