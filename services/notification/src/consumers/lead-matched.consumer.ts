import { claimTokenFor } from '@leadmarket/platform';
import { smsRecipients } from '../db/contacts.repository.js';
import { queueDeliveries, type NewDelivery } from '../db/deliveries.repository.js';
import { claimLink, leadOfferSmsWriter } from '../domain/messages.js';
import { contactPhoneE164 } from '../domain/contact-phones.js';
import { defineNotificationConsumer } from '../context.js';

/**
 * One SMS per offer to each offered contractor who consented. The delivery row is unique per
 * (lead, contractor), so a redelivered or re-emitted LeadMatched queues nothing new; the sender
 * loop sends after commit. The event carries no claim token: the link's token is rebuilt here from
 * the server key, exactly as matching minted it (docs/adr/0013).
 */
export const leadMatchedConsumer = defineNotificationConsumer({
  event: 'LeadMatched',
  async handle({ data }, { trx, afterCommit, log, service }) {
    const recipients = new Map(
      (
        await smsRecipients(
          trx,
          data.offers.map((o) => o.contractor_id),
        )
      ).map((r) => [r.contractor_id, r.phone]),
    );
    const deliveries: NewDelivery[] = [];
    const offerSms = leadOfferSmsWriter({
      service_category: data.service_category,
      sub_service: data.sub_service,
      zip_code: data.zip_code,
      price_cents: data.price_cents,
      urgency: data.urgency,
      submitted_at: data.submitted_at,
      // Said only when matching sent what it knows (a LeadMatched of an older matching says nothing).
      facts:
        data.phone_confirmed_at !== undefined || data.contact
          ? { phone_confirmed_at: data.phone_confirmed_at ?? null, ...data.contact }
          : undefined,
    });
    for (const offer of data.offers) {
      const phone = recipients.get(offer.contractor_id);
      const to = phone === undefined ? undefined : (contactPhoneE164(phone) ?? undefined);
      if (!to) {
        log.info(
          { lead_id: data.lead_id, contractor_id: offer.contractor_id },
          'no SMS for this offer: no consent or no usable phone',
        );
        continue;
      }
      const body = offerSms(
        claimLink(service.publicBaseUrl, claimTokenFor(service.claimTokenKey, data.lead_id, offer.contractor_id)),
      );
      deliveries.push({
        dedupe_key: `lead_offer:${data.lead_id}:${offer.contractor_id}`,
        kind: 'lead_offer',
        channel: 'sms',
        recipient: to,
        body,
        lead_id: data.lead_id,
        contractor_id: offer.contractor_id,
        expires_at: offer.expires_at,
      });
    }
    // One statement for the lead's offers; a redelivery's are all known and queue nothing.
    if (await queueDeliveries(trx, deliveries)) afterCommit(service.senderWakeup.wake);
  },
});
