import { z } from '../zod.js';
import { LEAD_TYPES, URGENCIES } from '../constants.js';
import { SpendLimitsV1 } from './wallet.js';

const cents = z.number().int();
const isoTime = z.string().datetime({ offset: true });

/**
 * Emitted by lead-intake in the transaction that stores a new lead (status `screening`). It carries
 * what screening's checks need, the contact included; screening keeps only hashes of it, its inbox
 * only the event id, and lead-intake's outbox row is redacted once the broker confirmed it.
 */
export const LeadSubmittedV1 = z.object({
  lead_id: z.string().uuid(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  urgency: z.enum(URGENCIES),
  customer_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  description: z.string(),
  /** Contractor the customer asked for (richer form), if any. */
  preferred_contractor_id: z.string().nullable(),
  /** Salted hash of the client IP: screening rate-limits by it without learning the address. */
  client_ip_hash: z.string().nullable(),
  /**
   * The customer's phone as a keyed fingerprint (HMAC-SHA256 under a secret only lead-intake holds),
   * carried on to LeadScreened so wallet-ledger knows it before the sale (repeat-lead credit,
   * docs/adr/0012 and 0043). Optional: events written before it was carried lack it.
   */
  customer_fingerprint: z.string().nullable().optional(),
  is_test: z.boolean(),
  submitted_at: isoTime,
});

export const ValidationSummarySchema = z.object({
  phone_valid: z.boolean(),
  email_valid: z.boolean(),
  content_valid: z.boolean(),
  is_duplicate: z.boolean(),
  ip_rate_ok: z.boolean(),
});
export type ValidationSummary = z.infer<typeof ValidationSummarySchema>;

/**
 * What the line of a customer's phone is, by libphonenumber's metadata (`lineTypeOf` in line-type.ts).
 * US numbers are mostly `mobile_or_landline`: the numbering plan does not tell the two apart.
 */
export const LINE_TYPES = ['mobile', 'landline', 'mobile_or_landline', 'voip', 'unknown'] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** What screening learnt of the contact without passing it on: a contractor sees it before buying. */
export const ContactFactsSchema = z.object({
  line_type: z.enum(LINE_TYPES),
  email_present: z.boolean(),
});
export type ContactFacts = z.infer<typeof ContactFactsSchema>;

/** A screened lead as the events after screening carry it: the job, never the customer's contact. */
const screenedLeadFields = {
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  urgency: z.enum(URGENCIES),
  /** The job description (no contact details): available-lead cards show it before purchase. */
  description: z.string(),
  preferred_contractor_id: z.string().nullable(),
  is_test: z.boolean(),
  submitted_at: isoTime,
  /** The phone's line type and whether an email was given (never the contact); absent in older events. */
  contact: ContactFactsSchema.optional(),
};

/**
 * Emitted by screening in the transaction that stores its verdict (LeadSubmitted in, LeadScreened
 * out: docs/adr/0039-screening-service-request-reply.md). A rejected lead is never offered or sold.
 */
export const LeadScreenedV1 = z.object({
  lead_id: z.string().uuid(),
  status: z.enum(['valid', 'rejected']),
  validation_summary: ValidationSummarySchema,
  reasons: z.array(z.string()),
  ...screenedLeadFields,
  /** LeadSubmitted's keyed phone fingerprint, passed on (never the phone): wallet-ledger keeps it with the priced lead. */
  customer_fingerprint: z.string().nullable().optional(),
  screened_at: isoTime,
  /**
   * Set when an operator released a lead screening had rejected (the screening desk): the verdict
   * is now valid, and a lead stored as rejected becomes available, priced and offered.
   */
  released_at: isoTime.optional(),
});

/**
 * Screening's fast answer to the leads-submit waiting for a lead's verdict (request–reply over the
 * bus, sent after the verdict's commit): the verdict LeadScreened carries, without the job.
 */
export const ScreeningAnswerSchema = LeadScreenedV1.pick({
  lead_id: true,
  status: true,
  validation_summary: true,
  reasons: true,
  screened_at: true,
});
export type ScreeningAnswer = z.infer<typeof ScreeningAnswerSchema>;

/**
 * Emitted by wallet-ledger in the transaction that fixes a valid lead's price (on its LeadScreened).
 * The price never changes afterwards: matching offers the lead at it, the SMS and the claim page show
 * it and the purchase charges it (docs/adr/0006-price-resolution.md).
 *
 * It carries the lead as LeadScreened gave it (no contact details), so matching learns a lead from
 * this one event and matches it on arrival, instead of pairing two (docs/adr/0024-one-event-per-lead-for-matching.md).
 */
export const LeadPricedV1 = z.object({
  lead_id: z.string().uuid(),
  ...screenedLeadFields,
  price_cents: cents,
  lead_type: z.enum(LEAD_TYPES),
  /** Which row of the price matrix the price was read from (contracts' resolveLeadPrice). */
  price_source: z.object({
    source: z.enum(['trade', 'industry', 'default']),
    category: z.string(),
    sub_service: z.string(),
  }),
  priced_at: isoTime,
});

/**
 * One offer as the bus carries it: who, in which rank and round, until when — never its claim token
 * (docs/adr/0013-one-owner-of-offers-and-tokens.md). Matching owns the offer and keeps only the
 * token's hash; notification rebuilds the token for the SMS link from the server key.
 */
export const LeadOfferSchema = z.object({
  contractor_id: z.string(),
  rank: z.number().int().positive(),
  expires_at: isoTime,
  /** The offer round (1 = first; later rounds re-route an unbought lead); absent in older events. */
  round: z.number().int().positive().optional(),
});

/** Emitted by matching: the contractors a valid lead is offered to, best first, at its fixed price (LeadPriced). */
export const LeadMatchedV1 = z.object({
  lead_id: z.string().uuid(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  price_cents: cents,
  /** The customer's urgency (Standard, Premium, Emergency); optional for events written before it was carried. */
  urgency: z.enum(URGENCIES).optional(),
  /** When the customer sent the request (the offer SMS says how long ago); absent in older events. */
  submitted_at: isoTime.optional(),
  /** What is known of the contact before buying (line type, email given); absent in older events. */
  contact: ContactFactsSchema.optional(),
  /** When the customer confirmed their phone with the texted code; null: not (yet); absent in older events. */
  phone_confirmed_at: isoTime.nullable().optional(),
  offers: z.array(LeadOfferSchema),
  matched_at: isoTime,
  /**
   * Other contractors whose Available list now shows the lead (its ZIP code and trade) without an
   * offer (their balance, caps or rank left them out): their dashboards' counts follow at once.
   * At most MATCH_LISTED_LIMIT; absent in older events.
   */
  listed_to: z.array(z.string()).optional(),
});

/** Emitted by wallet-ledger in the transaction that sells the lead (exactly once per lead). */
export const LeadPurchasedV1 = z.object({
  lead_id: z.string().uuid(),
  contractor_id: z.string(),
  purchase_id: z.string().uuid(),
  price_cents: cents,
  channel: z.enum(['dashboard', 'claim']),
  purchased_at: isoTime,
  /**
   * The buyer's balance the sale left, and its caps with the spend so far including this sale:
   * what a sale's WalletBalanceChanged would carry, so a sale publishes one event (matching keeps
   * who can afford a lead from it, the gateway pushes the balance). Absent in older events, whose
   * producer sent WalletBalanceChanged alongside.
   */
  balance_after_cents: cents.optional(),
  spend_limits: SpendLimitsV1.optional(),
});

export const LeadCompletedV1 = z.object({
  lead_id: z.string().uuid(),
  contractor_id: z.string(),
  completed_at: isoTime,
});
export const LeadArchivedV1 = z.object({ lead_id: z.string().uuid(), contractor_id: z.string(), archived_at: isoTime });
/**
 * Matching, the owner of offers, took an unsold lead off the market: its last offer round passed, or
 * it outlived the offer lifetime. lead-intake records it (and has the customer told after the rounds),
 * wallet-ledger stops selling it, notification cancels offers not yet sent.
 */
export const LeadExpiredV1 = z.object({
  lead_id: z.string().uuid(),
  expired_at: isoTime,
  /** Present when it expired after its offer rounds: how many rounds, and how many contractors were offered it in all (0: nobody could be). */
  after_rounds: z.object({ rounds: z.number().int().positive(), offered: z.number().int().nonnegative() }).optional(),
  /**
   * Present when it expired unoffered because its category offers only leads whose phone is
   * confirmed and the customer did not confirm within the category's wait (minutes).
   */
  unconfirmed_after_minutes: z.number().int().nonnegative().optional(),
});
/** An admin deleted the lead: it is no longer offered or sold. */
export const LeadDeletedV1 = z.object({ lead_id: z.string().uuid(), deleted_at: isoTime });
