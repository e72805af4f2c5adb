/**
 * Screening is a service of its own again (docs/adr/0039-screening-service-request-reply.md). Its
 * tables are as it left them; a deleted lead's fingerprint is found by its lead id.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('duplicate_fingerprints_lead_idx')
    .ifNotExists()
    .on('duplicate_fingerprints')
    .column('lead_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('duplicate_fingerprints_lead_idx').ifExists().execute();
}
