import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The ranking's record of each contractor (offers received, the last one, leads bought)
// kept on its row as offers and sales happen, instead of counted from every offer and lead ever
// stored for each lead matched — that read grew with the marketplace (a sequential scan of all
// offers and all leads per lead). Backfilled from the offers and leads held now.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contractors')
    .addColumn('offers_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leads_purchased', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_offered_at', 'timestamptz')
    .execute();
  await db
    .updateTable('contractors as c')
    .set((eb) => ({
      offers_received: eb
        .selectFrom('offers as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.contractor_id', '=', 'c.contractor_id'),
      last_offered_at: eb
        .selectFrom('offers as o')
        .select(eb.fn.max('o.offered_at').as('m'))
        .whereRef('o.contractor_id', '=', 'c.contractor_id'),
      leads_purchased: eb
        .selectFrom('leads as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.purchased_by', '=', 'c.contractor_id'),
    }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contractors')
    .dropColumn('offers_received')
    .dropColumn('leads_purchased')
    .dropColumn('last_offered_at')
    .execute();
}
