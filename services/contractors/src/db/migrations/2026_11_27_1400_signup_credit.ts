import type { Kysely } from 'kysely';

/**
 * Whether an account was granted the signup credit (docs/adr/0007-resignup-credit.md), kept on the
 * account so the welcome page says what the wallet will really hold. Accounts before it were granted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contractors')
    .addColumn('signup_credit', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
