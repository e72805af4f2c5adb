import { defineMatchingConsumer } from '../context.js';
import { upsertContractor } from '../db/contractors.repository.js';
import { holdsContractors } from '../use-cases/match-on-arrival.js';

/** A changed targeting profile replaces the one we hold (unless ours is newer). */
export const contractorProfileUpdatedConsumer = defineMatchingConsumer({
  event: 'ContractorProfileUpdated',
  async handle({ data }, { trx }) {
    holdsContractors(trx); // upsertContractor locks the contractor's row
    await upsertContractor(trx, { ...data, at: data.updated_at });
  },
});
