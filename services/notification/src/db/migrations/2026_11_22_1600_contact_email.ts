import type { Kysely } from 'kysely';

/** Contacts also keep the email and name: welcome, refund-decision and receipt emails go to the contractor. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('email', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('contact_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('contact_name').execute();
  await db.schema.alterTable('contacts').dropColumn('email').execute();
}
