import { defineConsumer } from './define-consumer.js';
import { closeLead } from '../db/leads.repository.js';

/** An expired lead is no longer available. */
export const leadExpiredConsumer = defineConsumer({
  event: 'LeadExpired',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'expired');
  },
});
