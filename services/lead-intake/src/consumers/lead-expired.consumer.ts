import { defineLeadIntakeConsumer } from '../context.js';
import { findLead } from '../db/lead.repository.js';
import { expireUnsoldLead } from '../db/offer-rounds.repository.js';
import { customerNotice } from '../domain/customer-notice.js';

/**
 * Matching (the owner of offers) expired the lead: it is recorded here, and when its offer rounds
 * passed unsold the customer is told honestly (CustomerToBeTold, unsold, with how many were offered
 * it), or, when its category offers only confirmed leads and the phone was never confirmed, that it
 * was not sent on (docs/adr/0045-phone-confirmed-before-the-offer.md). A lead bought or deleted
 * meanwhile is left as it is; nothing is announced back.
 */
export const leadExpiredConsumer = defineLeadIntakeConsumer({
  event: 'LeadExpired',
  async handle({ data }, ctx) {
    const at = new Date(data.expired_at);
    if (!(await expireUnsoldLead(ctx.trx, data.lead_id, at))) return;
    const outcome = data.after_rounds
      ? 'unsold'
      : data.unconfirmed_after_minutes !== undefined
        ? 'unconfirmed'
        : undefined;
    if (!outcome) return;
    const lead = await findLead(ctx.trx, data.lead_id);
    const notice = lead && customerNotice(lead, outcome, null, at, data.after_rounds?.offered);
    if (notice) await ctx.emit([notice]);
  },
});
