import type { LeadType } from '@leadmarket/contracts';
import { defineWalletConsumer } from '../config.js';
import { fixLeadPrice } from '../db/pricing.repository.js';

/**
 * A valid lead becomes sellable with its price fixed now, and LeadPriced tells matching (which
 * offers only priced leads) in the same transaction; a rejected one is recorded as never sellable.
 */
export const leadScreened = defineWalletConsumer({
  event: 'LeadScreened',
  async handle(event, { trx, emit }) {
    const d = event.data;
    const { row, resolved } = await fixLeadPrice(trx, {
      leadId: d.lead_id,
      category: d.service_category,
      subService: d.sub_service,
      zipCode: d.zip_code,
      urgency: d.urgency,
      status: d.status === 'valid' ? 'available' : 'rejected',
      isTest: d.is_test,
    });
    // A repeated LeadScreened (another event id) keeps the price fixed first; the verdict still applies.
    const patch: Record<string, unknown> = {
      sub_service: d.sub_service,
      zip_code: d.zip_code,
      is_test: d.is_test,
      updated_at: new Date(),
    };
    if (d.status === 'rejected' && row.status === 'available') patch.status = 'rejected';
    await trx.updateTable('leads').set(patch).where('lead_id', '=', d.lead_id).execute();
    if (d.status !== 'valid' || row.status !== 'available') return;
    await emit([
      {
        type: 'LeadPriced',
        data: {
          lead_id: d.lead_id,
          // The stored price, the one the purchase charges (equal to `resolved` unless fixed earlier).
          price_cents: Number(row.price_cents),
          lead_type: row.lead_type as LeadType,
          price_source: { source: resolved.source, category: resolved.category, sub_service: resolved.sub_service },
          priced_at: new Date().toISOString(),
        },
      },
    ]);
  },
});
