import { z } from '../zod.js';
import { LEAD_TYPES } from '../constants.js';
import { LINE_TYPES } from '../events/leads.js';

/** contractors-available-leads query: the gateway has already checked the session; contractor_id, if sent, must be the session's. */
export const AvailableLeadsQuerySchema = z.object({
  contractor_id: z.string().optional(),
  session_token: z.string().optional(),
});

/** A lead card before purchase: no customer contact details (the card shows "New Lead"). */
export const AvailableLeadSchema = z.object({
  id: z.string(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** Dollars with two decimals. */
  price: z.number(),
  lead_type: z.enum(LEAD_TYPES),
  /** When the customer confirmed their phone with the texted code; null: not confirmed. */
  phone_confirmed_at: z.string().nullable().optional(),
  /** The phone's line type (libphonenumber's metadata); null: not known (an older lead). */
  line_type: z.enum(LINE_TYPES).nullable().optional(),
  /** Whether the customer gave an email; null: not known. */
  email_present: z.boolean().nullable().optional(),
});
export type AvailableLead = z.infer<typeof AvailableLeadSchema>;

/** contractors-available-leads answer, newest first. */
export const AvailableLeadsResponseSchema = z.object({
  available_leads: z.array(AvailableLeadSchema),
  total_available: z.number().int(),
});
export type AvailableLeadsResponse = z.infer<typeof AvailableLeadsResponseSchema>;

// ---- internal routes (docs/internal-api.md); matching owns offers and claim tokens (docs/adr/0013) ----

/** An offer as matching answers for it: the lead's fixed price with it, never the token. */
export const InternalOfferSchema = z.object({
  lead_id: z.string(),
  contractor_id: z.string(),
  rank: z.number().int(),
  round: z.number().int(),
  offered_at: z.string(),
  expires_at: z.string(),
  /** The lead's price as fixed at screening (LeadPriced); null while matching has not heard it. */
  price_cents: z.number().int().nullable(),
  /** What is known of the contact before buying (the claim page shows it); absent from older answers. */
  phone_confirmed_at: z.string().nullable().optional(),
  line_type: z.enum(LINE_TYPES).nullable().optional(),
  email_present: z.boolean().nullable().optional(),
  urgency: z.string().nullable().optional(),
  submitted_at: z.string().nullable().optional(),
});
export type InternalOffer = z.infer<typeof InternalOfferSchema>;

/** Params of GET /internal/offers/by-token-hash/:hash — the claim token's SHA-256, never the token. */
export const OfferTokenHashParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'token hash must be a SHA-256 in hex'),
});

/** Body of POST /internal/offers/of-leads (the admin lead list's page of leads). */
export const OffersOfLeadsRequestSchema = z.object({
  lead_ids: z.array(z.string().uuid('lead ids must be lead ids')).max(500),
});

// ---- the phone confirmation rule per category (docs/adr/0045-phone-confirmed-before-the-offer.md) ----

/** `at_once`: offer at once and mark confirmed leads; `confirmed_only`: offer a lead once its phone is confirmed. */
export const CONFIRMATION_MODES = ['at_once', 'confirmed_only'] as const;
export type ConfirmationMode = (typeof CONFIRMATION_MODES)[number];
/** What becomes of a lead still unconfirmed after the wait (confirmed_only). */
export const AFTER_WAIT = ['offer', 'expire'] as const;

/** PUT admin-confirmation-rules: one category's rule. */
export const ConfirmationRuleSchema = z.object({
  /** The industry (catalogue code, e.g. home_services). */
  service_category: z.string().trim().min(1, 'Choose a category.').max(60),
  mode: z.enum(CONFIRMATION_MODES, 'Choose whether to offer at once or only confirmed requests.'),
  /** Minutes to wait for the customer's confirmation before `after_wait` (confirmed_only). */
  wait_minutes: z
    .number('Type the minutes to wait as a whole number.')
    .int('Type the minutes to wait as a whole number.')
    .min(1, 'Wait at least 1 minute.')
    .max(7 * 24 * 60, 'Wait at most 7 days (10080 minutes).'),
  after_wait: z.enum(AFTER_WAIT, 'Choose what happens after the wait.'),
});
export type ConfirmationRule = z.infer<typeof ConfirmationRuleSchema>;

/** One category's rule as the admin reads it (a category nobody set has the default: at_once). */
export const ConfirmationRuleRowSchema = ConfirmationRuleSchema.extend({
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

/** GET/PUT admin-confirmation-rules answer: every industry of the catalogue with its rule. */
export const ConfirmationRulesResponseSchema = z.object({ rules: z.array(ConfirmationRuleRowSchema) });
export type ConfirmationRulesResponse = z.infer<typeof ConfirmationRulesResponseSchema>;
