import { defineConsumer } from '@leadmarket/platform';
import { closeLead } from '../db/leads.repository.js';

/** An admin-deleted lead is no longer offered or listed. */
export const leadDeletedConsumer = defineConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'deleted');
  },
});
