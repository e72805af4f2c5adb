import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import type { BatchConsumerContext, ConsumerContext } from '@leadmarket/platform';
import { afterWaitOf } from '../confirmation-rules.js';
import { defineMatchingConsumer, type MatchingContext } from '../context.js';
import { takeEarlyConfirmation } from '../db/confirmations.repository.js';
import { recordOfferedLead, recordPricedLead, type NewOfferedLead } from '../db/pending-leads.repository.js';
import { candidateLimit } from '../use-cases/pick-offerees.js';
import { matchOnArrival } from '../use-cases/match-on-arrival.js';
import { matchRun } from '../use-cases/match-run.js';

type Priced = EventData<'LeadPriced'>;

const leadOf = (data: Priced): NewOfferedLead => ({
  lead_id: data.lead_id,
  service_category: data.service_category,
  sub_service: data.sub_service,
  zip_code: data.zip_code,
  description: data.description,
  urgency: data.urgency,
  preferred_contractor_id: data.preferred_contractor_id,
  is_test: data.is_test,
  submitted_at: data.submitted_at,
  price_cents: data.price_cents,
  lead_type: data.lead_type,
  line_type: data.contact?.line_type ?? null,
  email_present: data.contact?.email_present ?? null,
});

/** Whether the lead's category's rule offers it now, confirmed or not (nearly every lead). */
const offeredAtOnce = async (
  data: Priced,
  ctx: { trx: ConsumerContext<MatchingContext>['trx']; service: MatchingContext },
  now: Date,
) =>
  afterWaitOf(
    await ctx.service.confirmationRules.of(ctx.trx, data.service_category),
    new Date(data.submitted_at),
    now,
  ) === 'offer';

/** A lead its category's rule keeps back until its phone is confirmed (or stores confirmed and matches). */
async function storeUnderWait(data: Priced, ctx: ConsumerContext<MatchingContext>, now: Date): Promise<void> {
  const confirmedAt = await takeEarlyConfirmation(ctx.trx, data.lead_id);
  const priced = await recordPricedLead(
    ctx.trx,
    {
      ...leadOf(data),
      phone_confirmed_at: confirmedAt?.toISOString() ?? null,
      // Past its wait already (a late event), the wait's sweep decides at once.
      status: confirmedAt ? 'pending_match' : 'awaiting_confirmation',
    },
    { now, limit: confirmedAt ? candidateLimit(ctx.service.config.OFFERS_PER_LEAD) : 0 },
  );
  if (priced && !confirmedAt) ctx.log.info({ lead_id: data.lead_id }, 'lead waits for its phone confirmation');
  else if (priced) await matchOnArrival(ctx, priced);
}

/** A batch handler's context as one event's handler sees it (its follow-ups and answers named for it). */
const oneOf = (
  event: EventEnvelope<Priced>,
  ctx: BatchConsumerContext<MatchingContext>,
): ConsumerContext<MatchingContext> => ({
  trx: ctx.trx,
  afterCommit: ctx.afterCommit,
  log: ctx.log,
  kv: ctx.kv,
  service: ctx.service,
  emit: (events) => ctx.emit(event, events),
  reply: (body) => ctx.reply(event, body),
});

/**
 * wallet-ledger fixed a valid lead's price, the price every offer, SMS, card and charge uses, and
 * sent the lead with it: the lead is stored and matched in this transaction. A repeat, or a lead
 * closed before this came (its tombstone), changes nothing. Matching never hears of a rejected lead.
 * A category whose rule offers only confirmed leads keeps an unconfirmed one back until its phone is
 * confirmed or the wait passes (docs/adr/0045-phone-confirmed-before-the-offer.md).
 * Leads that arrive together are stored, ranked in order and offered in three statements for the
 * run (matchRun, ADR 0052), instead of three per lead.
 */
export const leadPricedConsumer = defineMatchingConsumer({
  event: 'LeadPriced',
  // Its effects before commit are all in `trx` (the matcher's wake-up waits for the commit): its
  // inbox rows go with LeadMatched's outbox rows in one statement (docs/adr/0057).
  effects: 'transaction-only',
  async handle({ data }, ctx) {
    const now = new Date();
    if (await offeredAtOnce(data, ctx, now)) {
      // Its early confirmation, if any, is taken and stored by the statement that stores the lead.
      const priced = await recordOfferedLead(ctx.trx, leadOf(data), {
        now,
        limit: candidateLimit(ctx.service.config.OFFERS_PER_LEAD),
      });
      if (priced) await matchOnArrival(ctx, priced);
      return;
    }
    await storeUnderWait(data, ctx, now);
  },
  async handleBatch(events, ctx) {
    const now = new Date();
    // Leads offered at once gather into a run; a lead kept back (rare) ends it and goes its own way, in order.
    let run: Array<{ event: EventEnvelope<Priced>; lead: NewOfferedLead }> = [];
    for (const event of events) {
      if (await offeredAtOnce(event.data, ctx, now)) {
        run.push({ event, lead: leadOf(event.data) });
        continue;
      }
      await matchRun(ctx, run, now);
      run = [];
      await storeUnderWait(event.data, oneOf(event, ctx), now);
    }
    await matchRun(ctx, run, now);
  },
});
