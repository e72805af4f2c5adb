import { sql, type ExpressionBuilder } from 'kysely';
import type { CategoryFact } from '../domain/low-balance.js';
import type { PriceRow } from '../domain/pricing.js';
import type { WalletLedgerDatabase } from './database.js';

type Eb = ExpressionBuilder<WalletLedgerDatabase, never>;

/**
 * The parts of the low-balance rule's facts that both of its one-statement reads take (a debit's,
 * low-balance.ts, and a sale's, sale-facts.repository.ts), as scalar subqueries of a select without
 * a from: the contractor's category from its targets, and every admin-set price as one JSON array.
 */
export const targetFact = (eb: Eb, contractorId: string) =>
  eb
    .selectFrom('contractor_targets')
    .select(sql<CategoryFact>`json_build_object('category', industry, 'sub_service', sub_service)`.as('f'))
    .where('contractor_id', '=', contractorId)
    .as('target');

export const pricesFact = (eb: Eb) =>
  eb
    .selectFrom('lead_prices')
    .select(
      sql<
        PriceRow[]
      >`coalesce(json_agg(json_build_object('category', category, 'sub_service', coalesce(sub_service, ''),
        'lead_type', lead_type, 'price_cents', price_cents) order by category, sub_service, lead_type), '[]'::json)`.as(
        'f',
      ),
    )
    .as('prices');

/** The prices as pricesFact read them (JSON gives bigint cents as numbers or strings). */
export const pricesOf = (prices: PriceRow[] | null): PriceRow[] =>
  (prices ?? []).map((price) => ({ ...price, price_cents: Number(price.price_cents) }));
