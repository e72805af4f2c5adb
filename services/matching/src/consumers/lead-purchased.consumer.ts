import { defineMatchingConsumer } from '../context.js';
import { closeLead } from '../db/leads.repository.js';
import { holdsContractors } from '../use-cases/match-on-arrival.js';

/** A sold lead leaves every list; the buyer's purchase counts toward its response record. */
export const leadPurchasedConsumer = defineMatchingConsumer({
  event: 'LeadPurchased',
  async handle({ data }, { trx }) {
    await closeLead(trx, data.lead_id, 'purchased', data.contractor_id);
    holdsContractors(trx);
  },
});
