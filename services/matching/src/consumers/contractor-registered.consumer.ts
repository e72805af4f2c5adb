import { defineMatchingConsumer } from '../context.js';
import { upsertContractor } from '../db/contractors.repository.js';

/** A new contractor's targeting profile (industry, sub-service, ZIP codes). */
export const contractorRegisteredConsumer = defineMatchingConsumer({
  event: 'ContractorRegistered',
  async handle({ data }, { trx }) {
    await upsertContractor(trx, { ...data, at: data.registered_at });
  },
});
