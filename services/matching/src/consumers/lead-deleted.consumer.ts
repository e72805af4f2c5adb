import { defineMatchingConsumer } from '../context.js';
import { closeLead } from '../db/leads.repository.js';

/** An admin-deleted lead is no longer offered or listed, and its description (which may hold the customer's contact) is erased. */
export const leadDeletedConsumer = defineMatchingConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'deleted');
  },
});
