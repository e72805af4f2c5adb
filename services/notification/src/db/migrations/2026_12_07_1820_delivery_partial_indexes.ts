import { sql, type Kysely } from 'kysely';

/**
 * Each SMS writes three row versions (queued, `sending`, sent) and none is a HOT update (each
 * changes `status`), so every version went into all six indexes. The sender's sweeps only look for
 * rows in a few states, so their indexes hold only those rows now; the index on `created_at`, read
 * only by the development outbox's listing, goes (docs/adr/0055-notification-writes-less-per-lead.md).
 * The statements that use the partial indexes name the states as literals, not parameters, so
 * that their prepared generic plans can use them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_due_idx').execute();
  await db.schema.dropIndex('deliveries_created_idx').execute();
  await db.schema.dropIndex('deliveries_provider_id_idx').execute();
  // Due and overdue deliveries (claimDueDeliveries, expireOverdueOffers, cancelLeadOffers' filter).
  await db.schema
    .createIndex('deliveries_pending_idx')
    .on('deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // Sends that may have reached the provider: interrupted ones (takeInterruptedDeliveries) and those
  // left for an operator (countUnknownDeliveries).
  await db.schema
    .createIndex('deliveries_in_doubt_idx')
    .on('deliveries')
    .columns(['status', 'locked_until'])
    .where(sql.ref('status'), 'in', ['sending', 'unknown'])
    .execute();
  // Status callbacks find their delivery by the provider's id, which only a sent row has.
  await db.schema
    .createIndex('deliveries_provider_id_idx')
    .on('deliveries')
    .column('provider_message_id')
    .where(sql.ref('provider_message_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_provider_id_idx').execute();
  await db.schema.dropIndex('deliveries_in_doubt_idx').execute();
  await db.schema.dropIndex('deliveries_pending_idx').execute();
  await db.schema.createIndex('deliveries_provider_id_idx').on('deliveries').column('provider_message_id').execute();
  await db.schema.createIndex('deliveries_created_idx').on('deliveries').column('created_at').execute();
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at']).execute();
}
