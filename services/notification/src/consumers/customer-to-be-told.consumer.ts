import { toE164, type EventData } from '@leadmarket/contracts';
import { businessOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import {
  screenedEmail,
  screenedSms,
  soldEmail,
  soldSms,
  unconfirmedEmail,
  unconfirmedSms,
  unsoldEmail,
  unsoldSms,
} from '../domain/customer-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { queueWebhooks } from '../use-cases/queue-webhooks.js';
import { serviceLabel } from '@leadmarket/contracts/catalogue';

/**
 * The customer hears about their request: its screening's outcome when the form could only say
 * "checking it" (accepted, rejected with what to fix), that an operator released it, who bought it
 * and will call (sold), that nobody took it (unsold), or that it was closed unoffered because the
 * phone was never confirmed (unconfirmed). SMS to their phone, and email when they gave one; one of each per lead and outcome.
 * The contact arrives in the event from lead-intake and is kept only on these delivery rows.
 */
export const customerToBeToldConsumer = defineNotificationConsumer({
  event: 'CustomerToBeTold',
  async handle({ data }, ctx) {
    const { trx, afterCommit, log, service } = ctx;
    await buyersWebhook(data, ctx);
    const business = data.contractor_id ? await businessOf(trx, data.contractor_id) : undefined;
    if (data.outcome === 'sold' && !business)
      log.warn(
        { lead_id: data.lead_id, contractor_id: data.contractor_id },
        'buyer unknown to notification; not named',
      );
    const { outcome } = data;
    const sms =
      outcome === 'sold'
        ? soldSms({ ...data, business })
        : outcome === 'unsold'
          ? unsoldSms(data)
          : outcome === 'unconfirmed'
            ? unconfirmedSms(data)
            : screenedSms(data, outcome);
    const email = data.email
      ? outcome === 'sold'
        ? soldEmail({ ...data, business })
        : outcome === 'unsold'
          ? unsoldEmail(data)
          : outcome === 'unconfirmed'
            ? unconfirmedEmail(data)
            : screenedEmail(data, outcome)
      : undefined;
    const key = `customer_${data.outcome}:${data.lead_id}`;
    let queued = false;
    const phone = toE164(data.phone) ?? undefined;
    if (phone)
      queued = await queueDelivery(trx, {
        dedupe_key: `${key}:sms`,
        kind: 'customer_update',
        channel: 'sms',
        recipient: phone,
        body: sms,
        lead_id: data.lead_id,
      });
    if (email && data.email)
      queued =
        (await queueDelivery(trx, {
          dedupe_key: `${key}:email`,
          kind: 'customer_update',
          channel: 'email',
          recipient: data.email,
          subject: email.subject,
          body: email.body,
          lead_id: data.lead_id,
        })) || queued;
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});

/**
 * lead.purchased to the buyer's endpoints: the customer's contact and the job arrive here only (lead-intake
 * sends them with the sale). An event from before the job was carried queues nothing.
 */
async function buyersWebhook(
  data: EventData<'CustomerToBeTold'>,
  ctx: Parameters<typeof customerToBeToldConsumer.handle>[1],
): Promise<void> {
  if (data.outcome !== 'sold' || !data.contractor_id) return;
  const { purchase_id, price_cents, channel, purchased_at, zip_code, description, urgency, requested_at } = data;
  if (!purchase_id || price_cents === undefined || !channel || !purchased_at || zip_code === undefined || !urgency)
    return;
  await queueWebhooks(ctx, {
    contractorId: data.contractor_id,
    type: 'lead.purchased',
    eventKey: `lead.purchased:${data.lead_id}`,
    leadId: data.lead_id,
    data: {
      lead_id: data.lead_id,
      purchase_id,
      price_cents,
      channel,
      purchased_at,
      customer: { name: data.customer_name, phone: data.phone, email: data.email },
      job: {
        service_category: data.service_category,
        sub_service: data.sub_service,
        service_label: serviceLabel(data.service_category, data.sub_service),
        description: description ?? '',
        zip_code,
        urgency,
        requested_at: requested_at ?? purchased_at,
      },
    },
  });
}
