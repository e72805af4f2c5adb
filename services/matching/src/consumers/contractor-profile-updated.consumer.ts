import { defineConsumer } from './define-consumer.js';
import { upsertContractor } from '../db/contractors.repository.js';

/** A changed targeting profile replaces the one we hold (unless ours is newer). */
export const contractorProfileUpdatedConsumer = defineConsumer({
  event: 'ContractorProfileUpdated',
  async handle({ data }, { trx }) {
    await upsertContractor(trx, { ...data, at: data.updated_at });
  },
});
