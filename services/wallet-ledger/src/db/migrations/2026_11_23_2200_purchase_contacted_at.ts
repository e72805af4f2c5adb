import type { Kysely } from 'kysely';

/** When the buyer first contacted the customer (LeadContacted): the end of the response time. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases').addColumn('contacted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases').dropColumn('contacted_at').execute();
}
