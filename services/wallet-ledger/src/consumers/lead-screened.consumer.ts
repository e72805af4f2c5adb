import { defineWalletConsumer } from '../config.js';
import { fixLeadPrice } from '../db/pricing.repository.js';

/** A valid lead becomes sellable with its price fixed now; a rejected one is recorded as never sellable. */
export const leadScreened = defineWalletConsumer({
  event: 'LeadScreened',
  async handle(event, { trx }) {
    const d = event.data;
    const row = await fixLeadPrice(trx, {
      leadId: d.lead_id,
      category: d.service_category,
      subService: d.sub_service,
      zipCode: d.zip_code,
      urgency: d.urgency,
      status: d.status === 'valid' ? 'available' : 'rejected',
      isTest: d.is_test,
    });
    // The price may have been fixed earlier by a price request; the screening verdict still applies.
    const patch: Record<string, unknown> = {
      sub_service: d.sub_service,
      zip_code: d.zip_code,
      is_test: d.is_test,
      updated_at: new Date(),
    };
    if (d.status === 'rejected' && row.status === 'available') patch.status = 'rejected';
    await trx.updateTable('leads').set(patch).where('lead_id', '=', d.lead_id).execute();
  },
});
