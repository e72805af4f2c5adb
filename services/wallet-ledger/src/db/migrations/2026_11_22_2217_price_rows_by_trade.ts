import type { Kysely } from 'kysely';

// Frozen in time: never import app code here (the catalogue may change; this migration may not).
// Prices move from free-text categories to rows of the catalogue (docs/adr/0006-price-resolution.md):
// a row is an industry (sub_service '') or a trade of an industry. The old matrix priced trades as
// categories ("HVAC") and the auto industry as "automotive"; neither matched what leads carry.

/** Old category (lowercased) → the catalogue row it meant. */
const MOVES: Record<string, { category: string; sub_service: string }> = {
  hvac: { category: 'home_services', sub_service: 'hvac' },
  plumbing: { category: 'home_services', sub_service: 'plumbing' },
  electrical: { category: 'home_services', sub_service: 'electrical' },
  roofing: { category: 'home_services', sub_service: 'roofing' },
  automotive: { category: 'auto', sub_service: '' },
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lead_prices')
    .addColumn('sub_service', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('lead_prices').dropConstraint('lead_prices_pk').execute();
  await db.schema
    .alterTable('lead_prices')
    .addPrimaryKeyConstraint('lead_prices_row_pk', ['category', 'sub_service', 'lead_type'])
    .execute();
  await db.schema
    .alterTable('lead_price_history')
    .addColumn('sub_service', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A reset to default is recorded as a change to no price.
  await db.schema
    .alterTable('lead_price_history')
    .alterColumn('new_price_cents', (c) => c.dropNotNull())
    .execute();

  const rows = await db.selectFrom('lead_prices').selectAll().orderBy('updated_at').execute();
  for (const row of rows) {
    const to = MOVES[String(row.category).trim().toLowerCase()];
    if (!to) continue;
    // Oldest first: when two old spellings meet in one row, the most recently set price wins.
    await db
      .deleteFrom('lead_prices')
      .where('category', '=', to.category)
      .where('sub_service', '=', to.sub_service)
      .where('lead_type', '=', row.lead_type)
      .execute();
    await db
      .updateTable('lead_prices')
      .set({ category: to.category, sub_service: to.sub_service })
      .where('category', '=', row.category)
      .where('sub_service', '=', '')
      .where('lead_type', '=', row.lead_type)
      .execute();
  }
  for (const [from, to] of Object.entries(MOVES)) {
    await db
      .updateTable('lead_price_history')
      .set({ category: to.category, sub_service: to.sub_service })
      .where((eb) => eb(eb.fn('lower', ['category']), '=', from))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Trade rows go back to the old trade categories; rows the old matrix could not express are dropped.
  for (const [from, to] of Object.entries(MOVES)) {
    if (!to.sub_service) continue;
    await db
      .updateTable('lead_prices')
      .set({ category: from === 'hvac' ? 'HVAC' : from[0]!.toUpperCase() + from.slice(1), sub_service: '' })
      .where('category', '=', to.category)
      .where('sub_service', '=', to.sub_service)
      .execute();
  }
  await db.deleteFrom('lead_prices').where('sub_service', '<>', '').execute();
  await db.deleteFrom('lead_price_history').where('new_price_cents', 'is', null).execute();
  await db.schema.alterTable('lead_prices').dropConstraint('lead_prices_row_pk').execute();
  await db.schema.alterTable('lead_prices').dropColumn('sub_service').execute();
  await db.schema
    .alterTable('lead_prices')
    .addPrimaryKeyConstraint('lead_prices_pk', ['category', 'lead_type'])
    .execute();
  await db.schema.alterTable('lead_price_history').dropColumn('sub_service').execute();
  await db.schema
    .alterTable('lead_price_history')
    .alterColumn('new_price_cents', (c) => c.setNotNull())
    .execute();
}
