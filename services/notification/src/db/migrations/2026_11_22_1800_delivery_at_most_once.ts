import type { Kysely } from 'kysely';

/**
 * At most one SMS per offer: `sending_at` records when a provider call began (so recovery after a
 * crash can ask the provider what it got since then), `expires_at` is the offer's end (an expired
 * offer is never sent). New statuses: `unknown` (the provider may have it and cannot be asked),
 * `cancelled` (the lead was sold or deleted first), `expired`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deliveries')
    .addColumn('sending_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deliveries_lead_idx').on('deliveries').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_lead_idx').execute();
  await db.schema.alterTable('deliveries').dropColumn('expires_at').dropColumn('sending_at').execute();
}
