import type { LeadType } from '@leadmarket/contracts';
import { defineWalletConsumer } from '../context.js';
import { fixLeadPrice } from '../use-cases/fix-lead-price.js';

/**
 * A valid lead becomes sellable with its price fixed now, and LeadPriced tells matching (which
 * offers only priced leads, and learns the lead from this event alone) in the same transaction; a
 * rejected one is recorded as never sellable.
 */
export const leadScreenedConsumer = defineWalletConsumer({
  event: 'LeadScreened',
  async handle(event, { trx, emit, service }) {
    const d = event.data;
    // One statement: a repeated LeadScreened (another event id) keeps the price fixed first; the verdict still applies.
    const { row, resolved } = await fixLeadPrice(trx, service.priceCatalogue, {
      leadId: d.lead_id,
      category: d.service_category,
      subService: d.sub_service,
      zipCode: d.zip_code,
      urgency: d.urgency,
      status: d.status === 'valid' ? 'available' : 'rejected',
      isTest: d.is_test,
      released: Boolean(d.released_at),
      // Kept with the priced lead (the first one stored stays): the sale judges the repeat-lead credit with it.
      customerFingerprint: d.customer_fingerprint ?? null,
    });
    if (d.status !== 'valid' || row.status !== 'available') return;
    await emit([
      {
        type: 'LeadPriced',
        data: {
          lead_id: d.lead_id,
          // The lead as screened (no contact details): matching learns it from this event alone.
          service_category: d.service_category,
          sub_service: d.sub_service,
          zip_code: d.zip_code,
          urgency: d.urgency,
          description: d.description,
          preferred_contractor_id: d.preferred_contractor_id,
          is_test: d.is_test,
          submitted_at: d.submitted_at,
          // The line type and whether an email was given (never the contact): matching shows them before the sale.
          ...(d.contact ? { contact: d.contact } : {}),
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
