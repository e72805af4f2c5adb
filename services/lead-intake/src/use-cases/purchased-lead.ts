import { callInternal, ServiceCallError, type ServiceContext } from '@leadmarket/platform';
import { findLead, type LeadRow } from '../db/lead.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/**
 * One lead `contractorId` bought, with its contact, or undefined when it is not theirs. Usually
 * LeadPurchased has recorded the buyer here already; until it has (a consumer that is behind or
 * stopped), the sale's owner is asked who bought the lead, a read while the buyer waits, and
 * nothing is written here: the record still comes from the event alone (docs/adr/0043).
 */
export async function purchasedLeadFor(
  ctx: ServiceContext<LeadIntakeDatabase>,
  leadId: string,
  contractorId: string,
): Promise<{ lead: LeadRow; priceCents: number | null } | undefined> {
  const lead = await findLead(ctx.db, leadId);
  if (!lead || lead.status === 'deleted') return undefined;
  if (lead.purchased_by !== null)
    return lead.purchased_by === contractorId ? { lead, priceCents: lead.price_cents } : undefined;
  const sale = await saleOf(ctx, leadId);
  return sale?.contractor_id === contractorId ? { lead, priceCents: sale.price_cents } : undefined;
}

/** Who bought the lead, asked of wallet-ledger (the sale's owner); undefined while it is unsold. */
export async function saleOf(ctx: ServiceContext<LeadIntakeDatabase>, leadId: string) {
  try {
    return await callInternal(ctx.clients, 'leadSale', { params: { lead_id: leadId }, timeoutMs: 3000 });
  } catch (err) {
    if (err instanceof ServiceCallError && err.status === 404) return undefined;
    throw err;
  }
}
