import { defineLeadIntakeConsumer } from '../context.js';
import { findLead } from '../db/lead.repository.js';
import { expireUnsoldLead } from '../db/offer-rounds.repository.js';
import { customerNotice } from '../domain/customer-notice.js';

/**
 * Matching's last offer round passed unsold: the lead expires now (its claim links die with it,
 * LeadExpired tells the others) and the customer is told honestly (CustomerToBeTold, unsold).
 * A lead bought or deleted meanwhile is left as it is.
 */
export const leadOffersExhaustedConsumer = defineLeadIntakeConsumer({
  event: 'LeadOffersExhausted',
  async handle({ data }, ctx) {
    const at = new Date();
    if (!(await expireUnsoldLead(ctx.trx, data.lead_id, at))) return;
    const lead = await findLead(ctx.trx, data.lead_id);
    const notice = lead && customerNotice(lead, 'unsold', null, at, data.offered);
    await ctx.emit([
      { type: 'LeadExpired', data: { lead_id: data.lead_id, expired_at: at.toISOString() } },
      ...(notice ? [notice] : []),
    ]);
  },
});
