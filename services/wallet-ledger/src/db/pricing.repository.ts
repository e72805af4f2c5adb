import {
  priceRowKey,
  priceRowOf,
  resolveLeadPrice,
  type LeadType,
  type PriceRowRef,
  type ResolvedPrice,
} from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { leadTypeOf, type PriceRow } from '../domain/pricing.js';
import type { WalletLedgerDatabase } from './database.js';

/** Every admin-set price. */
export async function listPrices(db: Kysely<WalletLedgerDatabase>): Promise<PriceRow[]> {
  const rows = await db
    .selectFrom('lead_prices')
    .select(['category', 'sub_service', 'lead_type', 'price_cents'])
    .orderBy('category')
    .orderBy('sub_service')
    .orderBy('lead_type')
    .execute();
  return rows.map((r) => ({
    category: r.category,
    sub_service: r.sub_service ?? '',
    lead_type: r.lead_type,
    price_cents: Number(r.price_cents),
  }));
}

const cellOf = (trx: Kysely<WalletLedgerDatabase>, row: PriceRowRef, leadType: LeadType) =>
  trx
    .selectFrom('lead_prices')
    .select('price_cents')
    .where('category', '=', row.category)
    .where('sub_service', '=', row.sub_service)
    .where('lead_type', '=', leadType)
    .forUpdate()
    .executeTakeFirst();

/** Set one price of a row and record the change with who made it (old price null when there was none). */
export async function setPrice(
  trx: Kysely<WalletLedgerDatabase>,
  row: PriceRowRef,
  leadType: LeadType,
  priceCents: number,
  adminId: string | null,
) {
  const old = await cellOf(trx, row, leadType);
  await trx
    .insertInto('lead_prices')
    .values({ ...row, lead_type: leadType, price_cents: priceCents, updated_at: new Date() })
    .onConflict((oc) =>
      oc
        .columns(['category', 'sub_service', 'lead_type'])
        .doUpdateSet({ price_cents: priceCents, updated_at: new Date() }),
    )
    .execute();
  const oldCents = old ? Number(old.price_cents) : null;
  await trx
    .insertInto('lead_price_history')
    .values({ ...row, lead_type: leadType, old_price_cents: oldCents, new_price_cents: priceCents, admin_id: adminId })
    .execute();
  return oldCents;
}

/** Remove a row's own price for a tier ("Reset to default"): its leads fall back to the next row. Recorded as a change to null. */
export async function resetPrice(
  trx: Kysely<WalletLedgerDatabase>,
  row: PriceRowRef,
  leadType: LeadType,
  adminId: string | null,
) {
  const old = await cellOf(trx, row, leadType);
  if (!old) return null;
  await trx
    .deleteFrom('lead_prices')
    .where('category', '=', row.category)
    .where('sub_service', '=', row.sub_service)
    .where('lead_type', '=', leadType)
    .execute();
  const oldCents = Number(old.price_cents);
  await trx
    .insertInto('lead_price_history')
    .values({ ...row, lead_type: leadType, old_price_cents: oldCents, new_price_cents: null, admin_id: adminId })
    .execute();
  return oldCents;
}

/** A lead's fixed price row (undefined before its LeadScreened fixed one). */
export async function fixedLeadPrice(db: Kysely<WalletLedgerDatabase>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** What a lead of this kind is priced at now (the one resolution of contracts: trade → industry → default). */
export async function quoteLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  lead: { category: string; subService?: string; urgency?: string },
): Promise<ResolvedPrice> {
  return resolveLeadPrice(await listPrices(db), {
    service_category: lead.category,
    sub_service: lead.subService,
    lead_type: leadTypeOf(lead.urgency),
  });
}

/**
 * Fix a lead's price once, when its LeadScreened arrives; a repeat returns the stored row unchanged
 * (a price change never reprices a lead already on offer). `resolved` says which row priced it.
 */
export async function fixLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  lead: {
    leadId: string;
    category: string;
    subService?: string;
    zipCode?: string;
    urgency?: string;
    status: 'available' | 'rejected';
    isTest?: boolean;
  },
) {
  // The one resolution of contracts (trade → industry → default), as the pricing tab shows it.
  const resolved = await quoteLeadPrice(db, lead);
  // The receipt names the row and the change of it that set this price (none for the built-in default).
  const version = resolved.source === 'default' ? null : await lastChangeOf(db, resolved, resolved.lead_type);
  await db
    .insertInto('leads')
    .values({
      lead_id: lead.leadId,
      service_category: lead.category,
      sub_service: lead.subService ?? '',
      zip_code: lead.zipCode ?? '',
      lead_type: resolved.lead_type,
      price_cents: resolved.price_cents,
      price_source: resolved.source,
      price_row: priceRowKey(resolved),
      price_version_id: version,
      status: lead.status,
      is_test: lead.isTest ?? false,
    })
    // The price and tier, once fixed, never change; details missing from the first ask are filled in.
    .onConflict((oc) =>
      oc.column('lead_id').doUpdateSet({
        sub_service: sql`case when leads.sub_service = '' then excluded.sub_service else leads.sub_service end`,
        zip_code: sql`case when leads.zip_code = '' then excluded.zip_code else leads.zip_code end`,
      }),
    )
    .execute();
  const row = await db.selectFrom('leads').selectAll().where('lead_id', '=', lead.leadId).executeTakeFirstOrThrow();
  return { row, resolved };
}

/**
 * The id of the last recorded change of a row's tier (lead_price_history), matching rows as
 * resolution does (stored spellings may differ from the catalogue's: "HVAC" is home_services/hvac).
 */
async function lastChangeOf(
  db: Kysely<WalletLedgerDatabase>,
  row: PriceRowRef,
  leadType: LeadType,
): Promise<string | null> {
  const changes = await db
    .selectFrom('lead_price_history')
    .select(['category', 'sub_service', sql<string>`max(id)`.as('id')])
    .where('lead_type', '=', leadType)
    .groupBy(['category', 'sub_service'])
    .execute();
  let last: string | null = null;
  for (const c of changes) {
    const at = priceRowOf(c.category, c.sub_service);
    if (at.category !== row.category || at.sub_service !== row.sub_service) continue;
    if (last === null || BigInt(c.id) > BigInt(last)) last = String(c.id);
  }
  return last;
}

/** The latest admin price changes, newest first. */
export function priceHistory(db: Kysely<WalletLedgerDatabase>, limit: number) {
  return db
    .selectFrom('lead_price_history')
    .selectAll()
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
