import type { LeadType } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { leadTypeOf, priceFor, type PriceRow } from '../domain/pricing.js';

/** Every admin-set price. */
export async function listPrices(db: Kysely<any>): Promise<PriceRow[]> {
  const rows = await db
    .selectFrom('lead_prices')
    .select(['category', 'lead_type', 'price_cents'])
    .orderBy('category')
    .orderBy('lead_type')
    .execute();
  return rows.map((r) => ({ category: r.category, lead_type: r.lead_type, price_cents: Number(r.price_cents) }));
}

/** Set one price and record the change (old price null when there was none). */
export async function setPrice(
  trx: Kysely<any>,
  category: string,
  leadType: LeadType,
  priceCents: number,
  adminId: string | null,
) {
  const old = await trx
    .selectFrom('lead_prices')
    .select('price_cents')
    .where('category', '=', category)
    .where('lead_type', '=', leadType)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('lead_prices')
    .values({ category, lead_type: leadType, price_cents: priceCents, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['category', 'lead_type']).doUpdateSet({ price_cents: priceCents, updated_at: new Date() }),
    )
    .execute();
  const oldCents = old ? Number(old.price_cents) : null;
  await trx
    .insertInto('lead_price_history')
    .values({
      category,
      lead_type: leadType,
      old_price_cents: oldCents,
      new_price_cents: priceCents,
      admin_id: adminId,
    })
    .execute();
  return oldCents;
}

/**
 * Fix a lead's price once: the first of LeadScreened or a price request stores it; later calls
 * return the stored row unchanged (a price change never reprices a lead already on offer).
 */
export async function fixLeadPrice(
  db: Kysely<any>,
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
  const leadType = leadTypeOf(lead.urgency);
  const price = priceFor(await listPrices(db), lead.category, leadType);
  await db
    .insertInto('leads')
    .values({
      lead_id: lead.leadId,
      service_category: lead.category,
      sub_service: lead.subService ?? '',
      zip_code: lead.zipCode ?? '',
      lead_type: leadType,
      price_cents: price,
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
  return db.selectFrom('leads').selectAll().where('lead_id', '=', lead.leadId).executeTakeFirstOrThrow();
}
