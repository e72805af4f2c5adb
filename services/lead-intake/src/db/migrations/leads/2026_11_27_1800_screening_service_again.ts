import { sql, type Kysely } from 'kysely';

/**
 * Screening is a service of its own again (docs/adr/0039-screening-service-request-reply.md): its
 * duplicate fingerprints live in its own schema, and no per-address count reads the leads. A lead
 * remembers when its submit answered "pending", so the customer is told the verdict when it comes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_client_ip_idx').ifExists().execute();
  await db.schema.dropTable('duplicate_fingerprints').ifExists().execute();
  await db.schema
    .alterTable('leads')
    .addColumn('verdict_awaited', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('verdict_awaited').execute();
}
