import { defineConsumer } from '@leadmarket/platform';
import { upsertContact } from '../db/contacts.repository.js';

/** A new contractor's phone and SMS consent. */
export const contractorRegisteredConsumer = defineConsumer({
  event: 'ContractorRegistered',
  async handle({ data }, { trx }) {
    await upsertContact(trx, {
      contractor_id: data.contractor_id,
      phone: data.phone,
      sms_opt_in: data.sms_opt_in,
      at: data.registered_at,
    });
  },
});
