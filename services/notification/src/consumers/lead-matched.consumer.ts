import { claimTokenFor } from '@leadmarket/platform';
import { queueClaimedOfferSms } from '../db/deliveries.repository.js';
import { claimLink, leadOfferSmsWriter } from '../domain/messages.js';
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
    // Every offer's text is written, and the statement keeps those whose contractor may get SMS: one
    // statement for the lead's offers instead of reading the contacts first (docs/adr/0055). Those
    // due now are inserted already claimed and handed to this instance's sender after commit, which
    // sends them without a claim statement (docs/adr/0056).
    const {
      queued: contractors,
      claimed,
      claimedBefore,
    } = await queueClaimedOfferSms(
      trx,
      {
        lead_id: data.lead_id,
        offers: data.offers.map((offer) => ({
          dedupe_key: `lead_offer:${data.lead_id}:${offer.contractor_id}`,
          contractor_id: offer.contractor_id,
          body: offerSms(
            claimLink(service.publicBaseUrl, claimTokenFor(service.claimTokenKey, data.lead_id, offer.contractor_id)),
          ),
          expires_at: offer.expires_at,
        })),
      },
      service.config.NOTIFICATION_SEND_LEASE_SECONDS,
    );
    const queued = new Set(contractors);
    for (const offer of data.offers)
      if (!queued.has(offer.contractor_id))
        log.info(
          { lead_id: data.lead_id, contractor_id: offer.contractor_id },
          'no new SMS for this offer: no consent, no usable phone, or already queued',
        );
    if (claimed.length > 0) afterCommit(() => service.senderHandOff.give({ deliveries: claimed, claimedBefore }));
    // An offer past its end is queued unclaimed, for the sender's sweep to expire.
    if (queued.size > claimed.length) afterCommit(service.senderWakeup.wake);
  },
});
