import { resolveLeadPrice, type ResolvedPrice } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { WalletLedgerDatabase } from '../db/database.js';
import { fixScreenedLeadPrice, fixScreenedLeadsPrices, type ScreenedLead } from '../db/price-catalogue.repository.js';
import { lastChangeOf } from '../domain/price-catalogue.js';
import { leadTypeOf } from '../domain/pricing.js';
import type { PriceCatalogueCache } from '../cache/price-catalogue-cache.js';

/** A catalogue changing under every attempt (an admin saving many prices at once) gives up after this many. */
const MAX_ATTEMPTS = 5;

/**
 * Fix a screened lead's price once and apply its verdict: resolved from the cached catalogue (the
 * one resolution of contracts: trade → industry → default) and written only if PostgreSQL still
 * holds that catalogue's version; otherwise the catalogue is read again and the lead priced again.
 * A repeat returns the stored row unchanged in price (a price change never reprices a lead already
 * on offer). `resolved` says which row priced it; the receipt names that row's last change.
 */
export async function fixLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  catalogues: PriceCatalogueCache,
  lead: ScreenedLead & { urgency?: string },
) {
  for (let attempt = 1; ; attempt++) {
    const catalogue = await catalogues.get(db);
    const resolved: ResolvedPrice = resolveLeadPrice(catalogue.prices, {
      service_category: lead.category,
      sub_service: lead.subService,
      lead_type: leadTypeOf(lead.urgency),
    });
    const priceVersionId =
      resolved.source === 'default' ? null : lastChangeOf(catalogue.changes, resolved, resolved.lead_type);
    const { row } = await fixScreenedLeadPrice(db, lead, { version: catalogue.version, resolved, priceVersionId });
    if (row) return { row, resolved };
    catalogues.forget(catalogue.version);
    if (attempt >= MAX_ATTEMPTS) throw new Error('the price catalogue changed under every attempt to price a lead');
  }
}

/**
 * `fixLeadPrice` for a run of leads, each named once and none released (`fixScreenedLeadsPrices`),
 * in one statement: each lead's row and resolution, in order. The catalogue changing under it
 * prices the whole run again.
 */
export async function fixLeadPrices(
  db: Kysely<WalletLedgerDatabase>,
  catalogues: PriceCatalogueCache,
  leads: Array<ScreenedLead & { urgency?: string }>,
) {
  if (leads.length === 0) return [];
  for (let attempt = 1; ; attempt++) {
    const catalogue = await catalogues.get(db);
    const priced = leads.map((lead) => {
      const resolved: ResolvedPrice = resolveLeadPrice(catalogue.prices, {
        service_category: lead.category,
        sub_service: lead.subService,
        lead_type: leadTypeOf(lead.urgency),
      });
      const priceVersionId =
        resolved.source === 'default' ? null : lastChangeOf(catalogue.changes, resolved, resolved.lead_type);
      return { lead, resolved, priceVersionId };
    });
    const { rows } = await fixScreenedLeadsPrices(db, priced, catalogue.version);
    if (rows.size > 0)
      return priced.map(({ lead, resolved }) => {
        const row = rows.get(lead.leadId);
        if (!row) throw new Error(`lead ${lead.leadId} was not priced with the others`);
        return { row, resolved };
      });
    catalogues.forget(catalogue.version);
    if (attempt >= MAX_ATTEMPTS) throw new Error('the price catalogue changed under every attempt to price a lead');
  }
}
