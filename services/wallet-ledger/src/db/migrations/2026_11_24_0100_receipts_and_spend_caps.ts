import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// A lead remembers which price row (and which change of it) fixed its price, for the
// receipt; a wallet gets hard spend caps and auto-reload limits (docs/adr/0011-spend-caps-and-receipts.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    // 'trade' | 'industry' | 'default'; the row key ("home_services/hvac"); the lead_price_history id
    // of the last change of that cell before screening (null for the built-in default).
    .addColumn('price_source', 'text')
    .addColumn('price_row', 'text')
    .addColumn('price_version_id', 'bigint')
    .execute();
  await db.schema
    .alterTable('wallet_settings')
    // Null = no cap. Cents, checked in the purchase transaction under the wallet lock.
    .addColumn('daily_cap_cents', 'bigint')
    .addColumn('weekly_cap_cents', 'bigint')
    .addColumn('max_lead_price_cents', 'bigint')
    // Null = no limit. Counts of auto-reload charges started per UTC day / UTC calendar month.
    .addColumn('auto_reload_max_per_day', 'integer')
    .addColumn('auto_reload_max_per_month', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['price_source', 'price_row', 'price_version_id'])
    await db.schema.alterTable('leads').dropColumn(c).execute();
  for (const c of [
    'daily_cap_cents',
    'weekly_cap_cents',
    'max_lead_price_cents',
    'auto_reload_max_per_day',
    'auto_reload_max_per_month',
  ])
    await db.schema.alterTable('wallet_settings').dropColumn(c).execute();
}
