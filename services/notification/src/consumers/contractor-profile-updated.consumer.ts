import { defineNotificationConsumer } from '../context.js';
import { upsertContact } from '../db/contacts.repository.js';

/** A changed phone, email or SMS consent (the SMS toggle) applies to the next message. */
export const contractorProfileUpdatedConsumer = defineNotificationConsumer({
  event: 'ContractorProfileUpdated',
  async handle({ data }, { trx }) {
    await upsertContact(trx, {
      contractor_id: data.contractor_id,
      phone: data.phone,
      sms_opt_in: data.sms_opt_in,
      email: data.email,
      contact_name: data.contact_name,
      business_name: data.business_name,
      at: data.updated_at,
    });
  },
});
