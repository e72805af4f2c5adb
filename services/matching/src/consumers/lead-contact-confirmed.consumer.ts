import { defineMatchingConsumer } from '../context.js';
import { recordConfirmation, releaseAwaitingLead } from '../db/confirmations.repository.js';

/**
 * The customer confirmed the lead's phone (screening, docs/adr/0045-phone-confirmed-before-the-offer.md):
 * the card, claim page and offer SMS say so from now on, and a lead its "confirmed only" category
 * held back goes to the matcher at once. A confirmation before the lead's LeadPriced waits for it.
 */
export const leadContactConfirmedConsumer = defineMatchingConsumer({
  event: 'LeadContactConfirmed',
  async handle({ data }, { trx, afterCommit, service }) {
    const lead = await recordConfirmation(trx, data.lead_id, new Date(data.confirmed_at));
    if (lead?.status === 'awaiting_confirmation' && (await releaseAwaitingLead(trx, data.lead_id)))
      afterCommit(() => service.matcherWakeup.wake());
  },
});
