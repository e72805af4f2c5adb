import { sql, type Kysely } from 'kysely';

/**
 * Personal API keys (docs/adr/0046-personal-api-keys.md): the SHA-256 of each key, never the key.
 * A revoked key's row is deleted, so the lookup by hash is all that decides whether a key works.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contractor_id', 'text', (c) => c.notNull().references('contractors.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_contractor_idx').on('api_keys').column('contractor_id').execute();
}
