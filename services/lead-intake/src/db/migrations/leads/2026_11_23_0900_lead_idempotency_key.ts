import type { Kysely } from 'kysely';

/**
 * The form's idempotency key, stored with the lead it created: a retried submit (the answer was
 * lost) finds the first lead instead of storing a second. The request hash tells a true retry
 * from a different request that reuses the key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('idempotency_key', 'text').addColumn('request_hash', 'text').execute();
  // NULLs are distinct in a unique index: leads without a key (admin test leads) never clash.
  await db.schema.createIndex('leads_idempotency_key_idx').on('leads').column('idempotency_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_idempotency_key_idx').execute();
  await db.schema.alterTable('leads').dropColumn('request_hash').dropColumn('idempotency_key').execute();
}
