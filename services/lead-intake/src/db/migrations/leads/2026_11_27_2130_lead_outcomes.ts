import type { Kysely } from 'kysely';

/**
 * What the buyer recorded happened with a bought lead (docs/adr/0047-lead-outcomes.md): the latest
 * outcome, a won job's value in cents, a lost job's reason and the buyer's own note.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('outcome', 'text')
    .addColumn('outcome_job_value_cents', 'bigint')
    .addColumn('outcome_lost_reason', 'text')
    .addColumn('outcome_note', 'text')
    .addColumn('outcome_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .dropColumn('outcome')
    .dropColumn('outcome_job_value_cents')
    .dropColumn('outcome_lost_reason')
    .dropColumn('outcome_note')
    .dropColumn('outcome_at')
    .execute();
}
