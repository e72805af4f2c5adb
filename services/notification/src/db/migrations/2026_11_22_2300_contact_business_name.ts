import type { Kysely } from 'kysely';

/** Contacts keep the business name: the customer's confirmation names the business that bought the lead. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('business_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('business_name').execute();
}
