import type { Kysely } from 'kysely';

/**
 * What the buyer recorded happened with a purchase (LeadOutcomeRecorded, docs/adr/0047-lead-outcomes.md):
 * close rates and ROI count from it. `outcome_at` orders the events: an older one never overwrites a newer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('purchases')
    .addColumn('outcome', 'text')
    .addColumn('job_value_cents', 'bigint')
    .addColumn('lost_reason', 'text')
    .addColumn('outcome_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('purchases')
    .dropColumn('outcome')
    .dropColumn('job_value_cents')
    .dropColumn('lost_reason')
    .dropColumn('outcome_at')
    .execute();
}
