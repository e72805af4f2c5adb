import { z } from '../zod.js';

const isoTime = z.string().datetime({ offset: true });

/**
 * Emitted by screening when it sends the customer a confirmation code (docs/adr/0045-phone-confirmed-before-the-offer.md): the code and
 * the one-tap link's token travel to notification, the one consumer, which texts them. The relay
 * replaces the phone, code and token in screening's outbox row once the broker has the event
 * (platform's redactPublished); screening itself keeps only their hashes.
 */
export const ContactCodeIssuedV1 = z.object({
  lead_id: z.string().uuid(),
  /** Where to text it; null: the number the lead's previous code went to (a resend). */
  phone: z.string().nullable(),
  code: z.string(),
  link_token: z.string(),
  /** 1 for the first code of a lead, then one more per resend. */
  issue: z.number().int().positive(),
  expires_at: isoTime,
  service_category: z.string(),
  sub_service: z.string(),
});

/**
 * Emitted by screening when the customer proved they hold the lead's phone (the texted code or the
 * link). Matching applies the category's rule and shows it on the card, claim page and offer SMS.
 */
export const LeadContactConfirmedV1 = z.object({
  lead_id: z.string().uuid(),
  channel: z.literal('phone'),
  method: z.enum(['code', 'link']),
  confirmed_at: isoTime,
});

/**
 * Emitted by lead-intake (the owner of contact) when the customer of a request not yet bought gave
 * the right number on the thank-you page: screening texts a new code to it. Carries the phone to
 * screening alone; the relay blanks it in the outbox row once the broker has it.
 */
export const LeadPhoneChangedV1 = z.object({
  lead_id: z.string().uuid(),
  phone: z.string(),
  changed_at: isoTime,
});
