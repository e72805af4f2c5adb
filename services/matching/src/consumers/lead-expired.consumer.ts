import { defineMatchingConsumer } from '../context.js';
import { closeLead } from '../db/leads.repository.js';

/** An expired lead is no longer available. */
export const leadExpiredConsumer = defineMatchingConsumer({
  event: 'LeadExpired',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'expired');
  },
});
