import { sql, type Kysely } from 'kysely';

/**
 * Keyed hashes of the normalised email and phone of every deleted account
 * (docs/adr/0007-resignup-credit.md): a new account with one of them gets no second signup
 * credit. The hash, not the address, is what stays after the account is anonymised.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deleted_contact_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
