import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// docs/adr/0024-one-event-per-lead-for-matching.md: matching learns a lead and its
// price from one event (LeadPriced now carries the lead), so the price is stored on the lead's own
// row from the start and the separate lead_prices table goes: the prices it holds are copied onto
// their leads first. The number of ZIP codes each contractor serves (the ranking's fit) is kept on
// its row, so PostgreSQL can rank a ZIP's candidates and return only the best few.
export async function up(db: Kysely<any>): Promise<void> {
  // The query builder, not raw SQL: the service's schema (withSchema) applies to builder table names only.
  await db
    .updateTable('leads')
    .from('lead_prices as p')
    .set((eb) => ({ price_cents: eb.ref('p.price_cents'), lead_type: eb.ref('p.lead_type') }))
    .whereRef('p.lead_id', '=', 'leads.lead_id')
    .where('leads.price_cents', 'is', null)
    .execute();
  await db.schema.dropTable('lead_prices').execute();
  await db.schema
    .alterTable('contractors')
    .addColumn('zip_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('contractors as c')
    .set((eb) => ({
      zip_count: eb
        .selectFrom('contractor_zips as z')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('z.contractor_id', '=', 'c.contractor_id'),
    }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contractors').dropColumn('zip_count').execute();
  await db.schema
    .createTable('lead_prices')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('lead_type', 'text', (c) => c.notNull())
    .addColumn('priced_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db
    .insertInto('lead_prices')
    .columns(['lead_id', 'price_cents', 'lead_type', 'priced_at'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select(['lead_id', 'price_cents', 'lead_type', sql<Date>`now()`.as('priced_at')])
        .where('price_cents', 'is not', null),
    )
    .execute();
}
