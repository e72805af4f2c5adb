import { defineScreeningConsumer } from '../context.js';
import { codeForNewNumber } from '../use-cases/confirm-contact.js';

/**
 * The customer of a request not yet bought gave the right number (lead-intake, docs/adr/0045-phone-confirmed-before-the-offer.md):
 * a new confirmation code goes to it. Screening keeps no phone; the event's copy leaves with the code's event.
 */
export const leadPhoneChangedConsumer = defineScreeningConsumer({
  event: 'LeadPhoneChanged',
  async handle({ data }, ctx) {
    const code = await codeForNewNumber(ctx.trx, ctx.service.config, data.lead_id, data.phone, new Date());
    if (code) await ctx.emit([code]);
  },
});
