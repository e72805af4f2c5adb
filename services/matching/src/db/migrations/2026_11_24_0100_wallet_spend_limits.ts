import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// A wallet's spend caps and spend so far (WalletBalanceChanged.spend_limits), so matching
// stops offering leads a contractor could not buy. Null = no caps known.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('wallets')
    .addColumn('spend_limits', 'jsonb')
    .addColumn('limits_changed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallets').dropColumn('spend_limits').dropColumn('limits_changed_at').execute();
}
