import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
/**
 * The customer's keyed phone fingerprint, kept with the priced lead from its LeadScreened, so the
 * sale itself judges the repeat-lead credit (docs/adr/0043). Erased when the lead is deleted and
 * once the lead is past the repeat window (docs/retention.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('customer_fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('customer_fingerprint').execute();
}
