import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AdminDatabase } from './database.js';

export async function insertResetToken(
  db: Kysely<AdminDatabase>,
  row: { token_hash: string; admin_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('admin_password_resets').values(row).execute();
}

/** The one rule of a token that still works: this hash, never used, not yet expired. */
const usable = (tokenHash: string, now: Date) => (eb: ExpressionBuilder<AdminDatabase, 'admin_password_resets'>) =>
  eb.and([eb('token_hash', '=', tokenHash), eb('used_at', 'is', null), eb('expires_at', '>', now)]);

/** An unused, unexpired reset token's admin. */
export async function findUsableResetToken(
  db: Kysely<AdminDatabase>,
  tokenHash: string,
  now: Date,
): Promise<{ admin_id: string } | undefined> {
  return await db
    .selectFrom('admin_password_resets')
    .select('admin_id')
    .where(usable(tokenHash, now))
    .executeTakeFirst();
}

/** Use a token exactly once: true only for the call that marked it. */
export async function consumeResetToken(
  db: Kysely<AdminDatabase>,
  tokenHash: string,
  now: Date,
): Promise<{ admin_id: string } | undefined> {
  return await db
    .updateTable('admin_password_resets')
    .set({ used_at: now })
    .where(usable(tokenHash, now))
    .returning('admin_id')
    .executeTakeFirst();
}
