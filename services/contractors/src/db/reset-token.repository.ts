import { sql, type Kysely } from 'kysely';
import type { ContractorsDatabase } from './database.js';

export async function insertResetToken(
  db: Kysely<ContractorsDatabase>,
  tokenHash: string,
  contractorId: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: tokenHash, contractor_id: contractorId, expires_at: expiresAt })
    .execute();
}

/** The contractor of an unused, unexpired token (without using it). */
export async function findUsableToken(db: Kysely<ContractorsDatabase>, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('contractor_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.contractor_id;
}

/** Use a token once: only the first caller of an unused, unexpired token gets its contractor. */
export async function consumeToken(trx: Kysely<ContractorsDatabase>, tokenHash: string): Promise<string | undefined> {
  const row = await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('contractor_id')
    .executeTakeFirst();
  return row?.contractor_id;
}

/** Retire every other outstanding link of a contractor (after a reset, or at deletion). */
export async function retireTokensOf(trx: Kysely<ContractorsDatabase>, contractorId: string): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('contractor_id', '=', contractorId)
    .where('used_at', 'is', null)
    .execute();
}

/** Remove reset tokens a day past their expiry (kept a day for support questions about a link). */
export async function purgeOldResetTokens(db: Kysely<ContractorsDatabase>): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<=', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
