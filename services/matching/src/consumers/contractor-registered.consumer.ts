import { defineMatchingConsumer } from '../context.js';
import { upsertContractor } from '../db/contractors.repository.js';
import { holdsContractors } from '../use-cases/match-on-arrival.js';

/** A new contractor's targeting profile (industry, sub-service, ZIP codes). */
export const contractorRegisteredConsumer = defineMatchingConsumer({
  event: 'ContractorRegistered',
  async handle({ data }, { trx }) {
    holdsContractors(trx); // upsertContractor locks the contractor's row
    await upsertContractor(trx, { ...data, at: data.registered_at });
  },
});
