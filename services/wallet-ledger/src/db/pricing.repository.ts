import { resolveLeadPrice, type LeadType, type PriceRowRef, type ResolvedPrice } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
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
