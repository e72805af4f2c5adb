import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
/**
 * The price catalogue's version (docs/adr/0022-price-catalogue-cached-by-version.md): one row
 * whose number PostgreSQL itself raises, in the same transaction, whenever `lead_prices` or
 * `lead_price_history` changes (any writer: the admin routes, a migration, an operator's SQL). A
 * wallet-ledger instance keeps the catalogue in memory and fixes a lead's price only in a statement
 * that finds the version it priced with, so a cached price is never a stale one.
 * Raw SQL is not schema-scoped, so the schema is named here (schemaOf('wallet-ledger')).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_catalogue_version')
    // One row: the key can only be true.
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('price_catalogue_version').values({ id: true, version: 0 }).execute();
  await sql`
    create function wallet_ledger.bump_price_catalogue_version() returns trigger language plpgsql as $fn$
    begin
      execute format('update %I.price_catalogue_version set version = version + 1', TG_TABLE_SCHEMA);
      return null;
    end
    $fn$`.execute(db);
  for (const table of ['lead_prices', 'lead_price_history']) {
    await sql`
      create trigger ${sql.raw(`${table}_bump_catalogue_version`)}
        after insert or update or delete or truncate on ${sql.raw(`wallet_ledger.${table}`)}
        for each statement execute function wallet_ledger.bump_price_catalogue_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['lead_prices', 'lead_price_history'])
    await sql`drop trigger if exists ${sql.raw(`${table}_bump_catalogue_version`)} on ${sql.raw(`wallet_ledger.${table}`)}`.execute(
      db,
    );
  await sql`drop function if exists wallet_ledger.bump_price_catalogue_version()`.execute(db);
  await db.schema.dropTable('price_catalogue_version').ifExists().execute();
}
