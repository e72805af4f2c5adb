import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
/**
 * Platform accounts (revenue, payment clearing, promotions) keep no cached balance: every
 * purchase in the marketplace used to update the one `platform:revenue` row, so purchases of
 * different leads waited on each other's commit. Their balance is now the sum of their entries,
 * read when asked; only wallets (one row per contractor) keep a cached, locked balance. The check
 * makes a cached platform balance impossible to reintroduce by accident.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('accounts').set({ balance_cents: 0 }).where('kind', '<>', 'wallet').execute();
  await db.schema
    .alterTable('accounts')
    .addCheckConstraint('accounts_cached_balance_wallets_only', sql`kind = 'wallet' or balance_cents = 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropConstraint('accounts_cached_balance_wallets_only').execute();
  await sql`update wallet_ledger.accounts a set balance_cents = coalesce((select sum(e.amount_cents) from wallet_ledger.ledger_entries e where e.account_id = a.id), 0) where a.kind <> 'wallet'`.execute(
    db,
  );
}
