import { priceRowKey, type ResolvedPrice } from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { PriceCatalogue, PriceChange } from '../domain/price-catalogue.js';
import type { PriceRow } from '../domain/pricing.js';
import type { WalletLedgerDatabase } from './database.js';

/**
 * The whole price catalogue in one read, as of one snapshot: its version, every admin-set price
 * (in listPrices' order: resolution takes the first row that matches) and the last change of each
 * row and tier (the receipt's price version).
 */
export async function loadPriceCatalogue(db: Kysely<WalletLedgerDatabase>): Promise<PriceCatalogue> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('price_catalogue_version').select('version').as('version'),
      jsonArrayFrom(
        eb
          .selectFrom('lead_prices')
          .select(['category', 'sub_service', 'lead_type', 'price_cents'])
          .orderBy('category')
          .orderBy('sub_service')
          .orderBy('lead_type'),
      ).as('prices'),
      jsonArrayFrom(
        eb
          .selectFrom('lead_price_history')
          // Text: a bigint id read exactly.
          .select(['category', 'sub_service', 'lead_type', sql<string>`max(id)::text`.as('id')])
          .groupBy(['category', 'sub_service', 'lead_type']),
      ).as('changes'),
    ])
    .executeTakeFirstOrThrow();
  if (row.version === null) throw new Error('price_catalogue_version has no row (migration missing?)');
  return {
    version: String(row.version),
    prices: row.prices.map((p): PriceRow => ({
      category: p.category,
      sub_service: p.sub_service ?? '',
      lead_type: p.lead_type,
      price_cents: Number(p.price_cents),
    })),
    changes: row.changes.map((c): PriceChange => ({
      category: c.category,
      sub_service: c.sub_service,
      lead_type: c.lead_type,
      id: c.id,
    })),
  };
}

/** A screened lead as wallet-ledger records it. */
export interface ScreenedLead {
  leadId: string;
  category: string;
  subService: string;
  zipCode: string;
  status: 'available' | 'rejected';
  isTest: boolean;
  /** An operator released the lead after screening rejected it: a rejected row becomes sellable. */
  released?: boolean;
  /** The customer's keyed phone fingerprint, if LeadScreened carried one. */
  customerFingerprint: string | null;
}

/**
 * What the prepared price-fixing statement takes: each lead's values, its resolved price with them,
 * as arrays (one element a lead: a lone lead is a run of one), and the catalogue version read.
 */
interface FixParams {
  leadIds: string[];
  categories: string[];
  subServices: string[];
  zipCodes: string[];
  leadTypes: string[];
  prices: number[];
  priceSources: string[];
  priceRows: string[];
  priceVersionIds: Array<string | null>;
  statuses: string[];
  isTest: boolean[];
  customerFingerprints: Array<string | null>;
  /** The run is one lead an operator released (released leads go alone: `fixScreenedLeadsPrices`). */
  released: boolean;
  now: Date;
  version: string;
}

/** The columns a fixed price writes, for one lead or a run of them, in their select's order. */
const FIXED_LEAD_COLUMNS = [
  'lead_id',
  'service_category',
  'sub_service',
  'zip_code',
  'lead_type',
  'price_cents',
  'price_source',
  'price_row',
  'price_version_id',
  'status',
  'is_test',
  'customer_fingerprint',
  'updated_at',
] as const;

/**
 * The statement that fixes leads' prices, compiled once and prepared (docs/adr/0027): the leads as
 * arrays (unnest), whatever their count, so one lead and a run take the same text.
 */
const fixPricesStatement = preparedRead((db: Kysely<WalletLedgerDatabase>, p: FixParams) =>
  db
    .with('fixed', (q) =>
      q
        .insertInto('leads')
        .columns(FIXED_LEAD_COLUMNS)
        // INSERT … SELECT joined to the version row: nothing is written unless the version still matches.
        .expression((eb) =>
          eb
            .selectFrom(
              sql<{
                lead_id: string;
                service_category: string;
                sub_service: string;
                zip_code: string;
                lead_type: string;
                price_cents: number;
                price_source: string;
                price_row: string;
                price_version_id: string | null;
                status: string;
                is_test: boolean;
                customer_fingerprint: string | null;
              }>`unnest(${p.leadIds}::uuid[], ${p.categories}::text[], ${p.subServices}::text[], ${p.zipCodes}::text[],
                  ${p.leadTypes}::text[], ${p.prices}::bigint[], ${p.priceSources}::text[], ${p.priceRows}::text[],
                  ${p.priceVersionIds}::bigint[], ${p.statuses}::text[], ${p.isTest}::boolean[],
                  ${p.customerFingerprints}::text[])`.as<'v'>(
                sql`v(lead_id, service_category, sub_service, zip_code, lead_type, price_cents, price_source, price_row,
                      price_version_id, status, is_test, customer_fingerprint)`,
              ),
            )
            .innerJoin('price_catalogue_version', (join) => join.onTrue())
            .select([
              'v.lead_id',
              'v.service_category',
              'v.sub_service',
              'v.zip_code',
              'v.lead_type',
              'v.price_cents',
              'v.price_source',
              'v.price_row',
              'v.price_version_id',
              'v.status',
              'v.is_test',
              'v.customer_fingerprint',
              sql<Date>`${p.now}::timestamptz`.as('updated_at'),
            ])
            .where('price_catalogue_version.version', '=', p.version),
        )
        // The price and tier, once fixed, never change.
        .onConflict((oc) =>
          oc.column('lead_id').doUpdateSet({
            sub_service: (eb) => eb.ref('excluded.sub_service'),
            zip_code: (eb) => eb.ref('excluded.zip_code'),
            is_test: (eb) => eb.ref('excluded.is_test'),
            updated_at: (eb) => eb.ref('excluded.updated_at'),
            // A rejection takes an available lead off sale; a release (only) puts a rejected one on sale.
            status: sql<string>`case when excluded.status = 'rejected' and leads.status = 'available' then 'rejected' when ${p.released}::boolean and excluded.status = 'available' and leads.status = 'rejected' then 'available' else leads.status end`,
          }),
        )
        .returningAll(),
    )
    .selectFrom('price_catalogue_version')
    .leftJoin('fixed', (join) => join.onTrue())
    .select('price_catalogue_version.version as catalogue_version')
    .selectAll('fixed'),
);

/**
 * Fix a screened lead's price and apply its verdict in one statement, only if the catalogue is
 * still at `version` (the one `resolved` was read from); else nothing is written and the answer has
 * no row, with the catalogue's current version. The run's statement with a run of one.
 * - A new lead is stored with its price, tier and the row and change that set it.
 * - A lead already stored (a repeated LeadScreened under another event id) keeps its price and
 *   tier; its details take the event's, and a rejection takes a lead still available off sale.
 */
export async function fixScreenedLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  lead: ScreenedLead,
  priced: { version: string; resolved: ResolvedPrice; priceVersionId: string | null },
) {
  const { resolved, priceVersionId } = priced;
  const fixed = await fixScreenedLeadsPrices(db, [{ lead, resolved, priceVersionId }], priced.version);
  return { catalogueVersion: fixed.catalogueVersion, row: fixed.rows.get(lead.leadId) };
}

/**
 * `fixScreenedLeadPrice` for a run of leads, each named once, in one statement with the same effect
 * on each: their rows by lead id, or none at all when the catalogue is no longer at `version` (then
 * nothing is written). A lead named twice would be one row updated twice by one statement, which
 * PostgreSQL refuses: the caller splits the run there. A release's status rule is the statement's
 * flag, not a value beside each lead: a released lead goes alone, a run of one.
 */
export async function fixScreenedLeadsPrices(
  db: Kysely<WalletLedgerDatabase>,
  leads: Array<{ lead: ScreenedLead; resolved: ResolvedPrice; priceVersionId: string | null }>,
  version: string,
) {
  const released = leads.some((l) => l.lead.released);
  if (released && leads.length > 1) throw new Error('a released lead is fixed alone, not in a run');
  const rows = await fixPricesStatement(db, {
    leadIds: leads.map((l) => l.lead.leadId),
    categories: leads.map((l) => l.lead.category),
    subServices: leads.map((l) => l.lead.subService),
    zipCodes: leads.map((l) => l.lead.zipCode),
    leadTypes: leads.map((l) => l.resolved.lead_type),
    prices: leads.map((l) => l.resolved.price_cents),
    priceSources: leads.map((l) => l.resolved.source),
    priceRows: leads.map((l) => priceRowKey(l.resolved)),
    priceVersionIds: leads.map((l) => l.priceVersionId),
    statuses: leads.map((l) => l.lead.status),
    isTest: leads.map((l) => l.lead.isTest),
    customerFingerprints: leads.map((l) => l.lead.customerFingerprint),
    released,
    now: new Date(),
    version,
  });
  if (rows.length === 0) throw new Error('price_catalogue_version has no row (migration missing?)');
  const fixed = new Map<string, Omit<(typeof rows)[number], 'catalogue_version'>>();
  for (const { catalogue_version: _, ...row } of rows) if (row.lead_id !== null) fixed.set(row.lead_id, row);
  return { catalogueVersion: String(rows[0]!.catalogue_version), rows: fixed };
}
