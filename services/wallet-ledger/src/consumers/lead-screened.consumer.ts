import type { EventData, EventEnvelope, LeadType, ResolvedPrice } from '@leadmarket/contracts';
import type { NewEvent } from '@leadmarket/platform';
import { defineWalletConsumer } from '../context.js';
import { fixLeadPrice, fixLeadPrices } from '../use-cases/fix-lead-price.js';

type Screened = EventData<'LeadScreened'>;

/** The lead as wallet-ledger prices and records it. */
const screenedLead = (d: Screened) => ({
  leadId: d.lead_id,
  category: d.service_category,
  subService: d.sub_service,
  zipCode: d.zip_code,
  urgency: d.urgency,
  status: d.status === 'valid' ? ('available' as const) : ('rejected' as const),
  isTest: d.is_test,
  released: Boolean(d.released_at),
  // Kept with the priced lead (the first one stored stays): the sale judges the repeat-lead credit with it.
  customerFingerprint: d.customer_fingerprint ?? null,
});

/** LeadPriced for a valid lead on sale after its verdict applied (none otherwise). */
function pricedEvents(
  d: Screened,
  row: { status: string | null; price_cents: number | null; lead_type: string | null },
  resolved: ResolvedPrice,
): NewEvent[] {
  if (d.status !== 'valid' || row.status !== 'available') return [];
  return [
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
  ];
}

/**
 * A valid lead becomes sellable with its price fixed now, and LeadPriced tells matching (which
 * offers only priced leads, and learns the lead from this event alone) in the same transaction; a
 * rejected one is recorded as never sellable. Verdicts that arrive together are fixed in one
 * statement (docs/adr/0052); a release, rare, goes alone between them.
 */
export const leadScreenedConsumer = defineWalletConsumer({
  event: 'LeadScreened',
  // Its effects before commit are all in `trx` (the price catalogue is a cache of committed rows):
  // its inbox rows go with LeadPriced's outbox rows in one statement (docs/adr/0057).
  effects: 'transaction-only',
  async handle(event, { trx, emit, service }) {
    const d = event.data;
    // One statement: a repeated LeadScreened (another event id) keeps the price fixed first; the verdict still applies.
    const { row, resolved } = await fixLeadPrice(trx, service.priceCatalogue, screenedLead(d));
    const priced = pricedEvents(d, row, resolved);
    if (priced.length > 0) await emit(priced);
  },
  async handleBatch(events, { trx, emit, service }) {
    // Leads each named once, no release: one statement. A lead named again (a repeated LeadScreened)
    // starts the next statement, so it finds the row the first one wrote, as one at a time would.
    let waiting: Array<EventEnvelope<Screened>> = [];
    const flush = async () => {
      const fixed = await fixLeadPrices(
        trx,
        service.priceCatalogue,
        waiting.map((e) => screenedLead(e.data)),
      );
      for (const [i, event] of waiting.entries()) {
        const priced = pricedEvents(event.data, fixed[i]!.row, fixed[i]!.resolved);
        if (priced.length > 0) await emit(event, priced);
      }
      waiting = [];
    };
    for (const event of events) {
      if (event.data.released_at) {
        await flush();
        const { row, resolved } = await fixLeadPrice(trx, service.priceCatalogue, screenedLead(event.data));
        const priced = pricedEvents(event.data, row, resolved);
        if (priced.length > 0) await emit(event, priced);
        continue;
      }
      if (waiting.some((w) => w.data.lead_id === event.data.lead_id)) await flush();
      waiting.push(event);
    }
    await flush();
  },
});
