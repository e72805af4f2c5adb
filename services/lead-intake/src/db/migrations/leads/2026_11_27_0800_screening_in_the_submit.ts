import type { Kysely } from 'kysely';

/**
 * leads-submit screens the lead itself (docs/adr/0031-screening-in-the-submit.md): the hashed
 * duplicate fingerprints of accepted leads (the truth behind the Redis claim, 30-day window) move
 * here from the screening service's schema, and the per-address count reads the leads themselves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('duplicate_fingerprints')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('duplicate_fingerprints_pk', ['fingerprint', 'lead_id'])
    .execute();
  await db.schema
    .createIndex('duplicate_fingerprints_time_idx')
    .on('duplicate_fingerprints')
    .columns(['fingerprint', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('duplicate_fingerprints_lead_idx')
    .on('duplicate_fingerprints')
    .column('lead_id')
    .execute();
  // Leads from one (hashed) address in the last hour: screening's per-address check.
  await db.schema.createIndex('leads_client_ip_idx').on('leads').columns(['client_ip_hash', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_client_ip_idx').ifExists().execute();
  await db.schema.dropTable('duplicate_fingerprints').ifExists().execute();
}
