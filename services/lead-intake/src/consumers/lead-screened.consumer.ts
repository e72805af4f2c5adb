import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import type { NewEvent } from '@leadmarket/platform';
import {
  recordRelease,
  recordScreening,
  recordScreenings,
  type AwaitedVerdict,
  type ScreeningVerdict,
} from '../db/lead.repository.js';
import { defineLeadIntakeConsumer } from '../context.js';

type Screened = EventData<'LeadScreened'>;
type Tell = { contact: AwaitedVerdict; outcome: 'accepted' | 'rejected' | 'released' };

const verdictOf = (data: Screened): ScreeningVerdict => ({
  status: data.status,
  validation_summary: data.validation_summary,
  reasons: data.reasons,
  screened_at: new Date(data.screened_at),
});

/** An operator released it from the screening desk: the customer hears it is on its way. */
const isRelease = (data: Screened) => Boolean(data.released_at) && data.status === 'valid';

/** The verdict recorded (`awaited` when the submit had answered "pending"), as a tell. */
const tellOfScreening = (data: Screened, awaited: AwaitedVerdict | undefined): Tell | undefined =>
  awaited && { contact: awaited, outcome: data.status === 'valid' ? 'accepted' : 'rejected' };

/** What the customer is told of the verdict, if anything (never for a test lead). */
function toBeTold(data: Screened, tell: Tell | undefined): NewEvent[] {
  if (!tell || tell.contact.is_test) return [];
  const awaited = tell.contact;
  return [
    {
      type: 'CustomerToBeTold',
      data: {
        lead_id: data.lead_id,
        outcome: tell.outcome,
        contractor_id: null,
        customer_name: awaited.customer_name,
        phone: awaited.phone,
        email: awaited.email,
        service_category: awaited.service_category,
        sub_service: awaited.sub_service,
        occurred_at: data.screened_at,
        ...(tell.outcome === 'rejected' ? { reasons: data.reasons } : {}),
      },
    },
  ];
}

/**
 * Store screening's verdict: the lead becomes available or rejected. When its submit had answered
 * "pending" (screening's answer came too late or not at all), the customer is told the verdict now
 * by SMS/email (CustomerToBeTold, with what to fix when rejected). A verdict an operator released
 * (`released_at`) makes a rejected lead available, and the customer is told it is on its way.
 * Verdicts that arrive together are stored in one statement (most find their lead screened already:
 * the submit recorded the answer it waited for).
 */
export const leadScreenedConsumer = defineLeadIntakeConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    let tell: Tell | undefined;
    if (isRelease(data)) {
      const contact = await recordRelease(ctx.trx, data.lead_id, verdictOf(data));
      if (contact) tell = { contact, outcome: 'released' };
    } else {
      tell = tellOfScreening(data, (await recordScreening(ctx.trx, data.lead_id, verdictOf(data)))?.awaited);
    }
    const told = toBeTold(data, tell);
    if (told.length > 0) await ctx.emit(told);
  },
  async handleBatch(events, ctx) {
    // Verdicts in one statement, in order: a release (rare) is its own statement between them.
    let waiting: Array<EventEnvelope<Screened>> = [];
    const flush = async () => {
      if (waiting.length === 0) return;
      const recorded = await recordScreenings(
        ctx.trx,
        waiting.map((e) => ({ id: e.data.lead_id, verdict: verdictOf(e.data) })),
      );
      for (const event of waiting) {
        // A lead's first verdict moved it; a later one in the same statement found it screened.
        const result = recorded.get(event.data.lead_id);
        recorded.delete(event.data.lead_id);
        const told = toBeTold(event.data, tellOfScreening(event.data, result?.awaited));
        if (told.length > 0) await ctx.emit(event, told);
      }
      waiting = [];
    };
    for (const event of events) {
      if (!isRelease(event.data)) {
        waiting.push(event);
        continue;
      }
      await flush();
      const contact = await recordRelease(ctx.trx, event.data.lead_id, verdictOf(event.data));
      const told = toBeTold(event.data, contact && { contact, outcome: 'released' });
      if (told.length > 0) await ctx.emit(event, told);
    }
    await flush();
  },
});
