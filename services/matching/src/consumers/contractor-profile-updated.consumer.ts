import { defineMatchingConsumer } from '../context.js';
import { upsertContractor } from '../db/contractors.repository.js';

/** A changed targeting profile replaces the one we hold (unless ours is newer). */
export const contractorProfileUpdatedConsumer = defineMatchingConsumer({
  event: 'ContractorProfileUpdated',
  async handle({ data }, { trx }) {
    await upsertContractor(trx, { ...data, at: data.updated_at });
  },
});
