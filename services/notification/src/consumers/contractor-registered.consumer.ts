import { SIGNUP_CREDIT_CENTS, toE164 } from '@leadmarket/contracts';
import { upsertContact } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { welcomeEmail, welcomeSms } from '../domain/contractor-messages.js';
import { dashboardUrl } from '../domain/messages.js';
import { defineNotificationConsumer } from '../context.js';

/** A new contractor's contact, and the welcome that names their contractor ID (email; SMS too with consent). */
export const contractorRegisteredConsumer = defineNotificationConsumer({
  event: 'ContractorRegistered',
  async handle({ data }, { trx, afterCommit, service }) {
    await upsertContact(trx, {
      contractor_id: data.contractor_id,
      phone: data.phone,
      sms_opt_in: data.sms_opt_in,
      email: data.email,
      contact_name: data.contact_name,
      business_name: data.business_name,
      at: data.registered_at,
    });
    const email = welcomeEmail({
      ...data,
      dashboard_url: dashboardUrl(service.publicBaseUrl),
      credit_cents: SIGNUP_CREDIT_CENTS,
    });
    let queued = await queueDelivery(trx, {
      dedupe_key: `welcome_email:${data.contractor_id}`,
      kind: 'welcome',
      channel: 'email',
      recipient: data.email,
      subject: email.subject,
      body: email.body,
      contractor_id: data.contractor_id,
    });
    const phone = data.sms_opt_in ? (toE164(data.phone) ?? undefined) : undefined;
    if (phone)
      queued =
        (await queueDelivery(trx, {
          dedupe_key: `welcome_sms:${data.contractor_id}`,
          kind: 'welcome',
          channel: 'sms',
          recipient: phone,
          body: welcomeSms(data.contractor_id),
          contractor_id: data.contractor_id,
        })) || queued;
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
