import { z } from '../zod.js';
import { LINE_TYPES } from '../events/leads.js';
import { URGENCIES, ZIP_CODE_LENGTH } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { isEmailAddress } from '../email.js';
import { isPhoneNumber } from '../phone.js';
import { ValidationSummarySchema } from '../events/leads.js';
import { FIELD_MESSAGES, LEAD_FIELD_LIMITS } from '../field-messages.js';
import { LEAD_OUTCOMES, LOST_REASONS, MAX_OUTCOME_NOTE_LENGTH, OUTCOME_MESSAGES } from '../outcomes.js';

// ---- Lead pipeline (leads-submit, claim page, purchased leads, archive/complete, internal lead routes) ----

const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** An optional text field: '' and null both mean "not given". */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max).nullable());

/** An optional email: '' and null mean "not given"; anything else must look like an address. */
const optionalEmail = optionalText(LEAD_FIELD_LIMITS.email).pipe(
  z.union([z.null(), z.string().refine(isEmailAddress, FIELD_MESSAGES.email)]),
);

/** ZIP code: exactly five digits on the server (the form caps the field at 5). */
export const ZipCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`), FIELD_MESSAGES.zipCode);

/** Body of leads-submit: the generic form's fields plus the richer form's optional email, urgency and contractor_id. The phone is normalised to E.164 by the service. */
export const LeadSubmitRequestSchema = z.object({
  customer_name: trimmed(LEAD_FIELD_LIMITS.customer_name),
  phone: trimmed(LEAD_FIELD_LIMITS.phone),
  zip_code: ZipCodeSchema,
  service_category: trimmed(100),
  sub_service: trimmed(100),
  description: trimmed(LEAD_FIELD_LIMITS.description),
  email: optionalEmail,
  urgency: z.enum(URGENCIES).optional().default('Standard'),
  contractor_id: optionalText(LEAD_FIELD_LIMITS.contractor_id),
  /**
   * Generated once per filled-in form and sent again on a retry: a retried submit answers the
   * first lead's reply and stores no second lead.
   */
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,100}$/)
    .optional(),
});
export type LeadSubmitRequest = z.infer<typeof LeadSubmitRequestSchema>;

/** Screening outcome as the submit reply reports it; `pending` only for a retried submit whose lead was stored before leads-submit screened (ADR 0031) and not screened since. */
export const LeadSubmitStatusSchema = z.enum(['valid', 'rejected', 'pending']);

/** Reply of leads-submit. `validation_summary` is null while pending; `problems` says what to fix when rejected. */
export const LeadSubmitResponseSchema = z.object({
  message: z.string(),
  lead_id: z.string(),
  status: LeadSubmitStatusSchema,
  validation_summary: ValidationSummarySchema.nullable(),
  problems: z.array(
    z.object({
      field: z.enum(['customer_name', 'phone', 'email', 'description']).nullable(),
      message: z.string(),
    }),
  ),
});
export type LeadSubmitResponse = z.infer<typeof LeadSubmitResponseSchema>;

/**
 * Query of leads-submit-status: the lead id of a "pending" reply and the idempotency key its form
 * sent. Only the submitter holds both, so the read tells nobody else anything about a lead.
 */
export const LeadSubmitStatusQuerySchema = z.object({
  lead_id: z.string().trim().min(1).max(100),
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,100}$/),
});
export type LeadSubmitStatusQuery = z.infer<typeof LeadSubmitStatusQuerySchema>;

/**
 * POST leads-change-phone: the customer of a request not yet bought gives the right number (docs/adr/0045):
 * the request (its id and the form's idempotency key, as leads-submit-status) and the new phone.
 */
export const LeadChangePhoneRequestSchema = LeadSubmitStatusQuerySchema.extend({
  phone: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.phoneDigits)
    .max(LEAD_FIELD_LIMITS.phone)
    .refine(isPhoneNumber, FIELD_MESSAGES.phoneDigits),
});
export const LeadChangePhoneResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Reply of leads-submit-status: what leads-submit would answer for the lead now, built the same way. */
export const LeadSubmitStatusResponseSchema = LeadSubmitResponseSchema;

/** Query of leads-claim-get. */
export const LeadClaimGetQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });

/** Body of leads-claim-post. */
export const LeadClaimPostRequestSchema = z.object({
  token: z.string().trim().min(1).max(200),
  contractor_id: z
    .string({ error: MESSAGES.claim.contractorIdRequired })
    .trim()
    .min(1, MESSAGES.claim.contractorIdRequired)
    .max(100),
});

/** The lead on the claim page before the claim: name and phone masked. */
export const ClaimLeadPreviewSchema = z.object({
  id: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  zip_code: z.string(),
  service_category: z.string(),
  sub_service: z.string(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  /** Dollars, as fixed at screening (null when the offer predates prices being kept with it). */
  price: z.number().nullable(),
  created_at: z.string(),
  /**
   * What is known of the contact before buying, from matching's offer (docs/adr/0045): when the
   * customer confirmed the phone (null: not confirmed), its line type, whether an email was given.
   */
  phone_confirmed_at: z.string().nullable().optional(),
  line_type: z.enum(LINE_TYPES).nullable().optional(),
  email_present: z.boolean().nullable().optional(),
});

/** The lead after a successful claim: full contact. */
export const ClaimedLeadContactSchema = ClaimLeadPreviewSchema.extend({ email: z.string().nullable() });

/** Query of get-purchased-lead: one lead the signed-in contractor bought. */
export const PurchasedLeadQuerySchema = z.object({ lead_id: z.string().uuid() });

/** Reply of get-purchased-lead: the lead with its customer's contact. */
export const PurchasedLeadResponseSchema = z.object({ success: z.literal(true), lead: ClaimedLeadContactSchema });

/** Reply of leads-claim-get and leads-claim-post (a failure carries success:false and a message, with a 4xx). */
export const LeadClaimResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  lead: ClaimedLeadContactSchema.or(ClaimLeadPreviewSchema).optional(),
});

/**
 * Reply of leads-claim-status (contractor session; the link's own contractor only): `claimed_by_you`
 * carries the full contact, `available` the masked preview, the rest a message.
 */
export const LeadClaimStatusResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['claimed_by_you', 'available', 'claimed', 'expired', 'unavailable']),
  message: z.string().optional(),
  lead: ClaimedLeadContactSchema.or(ClaimLeadPreviewSchema).optional(),
});

/** Body of archive-lead and mark-lead-complete (the contractor comes from the verified session). */
export const LeadActionRequestSchema = z.object({
  lead_id: z.string().trim().uuid('Please choose a valid lead'),
  contractor_id: z.string().optional(),
  session_token: z.string().optional(),
});

/** Body of mark-lead-contacted: `via` says whether the dashboard's call button recorded it. */
export const MarkLeadContactedRequestSchema = LeadActionRequestSchema.extend({
  via: z.enum(['marked', 'call']).default('marked'),
});

/** Reply of mark-lead-contacted: when the first contact was recorded (a repeat keeps the first). */
export const MarkLeadContactedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contacted_at: z.string(),
});

/**
 * Body of update-lead-outcome: what happened with a bought lead. `job_value` (won only) is dollars as
 * typed ("$1,200") or a number; `lost_reason` (lost only) one of LOST_REASONS; the rules are
 * contracts' checkOutcome, so the dashboard and lead-intake refuse the same things in the same words.
 */
export const UpdateLeadOutcomeRequestSchema = LeadActionRequestSchema.extend({
  outcome: z.enum(LEAD_OUTCOMES, { error: OUTCOME_MESSAGES.outcomeRequired }),
  job_value: z
    .union([z.string().max(40, OUTCOME_MESSAGES.jobValueNotANumber), z.number(), z.null()], {
      error: OUTCOME_MESSAGES.jobValueNotANumber,
    })
    .optional(),
  lost_reason: z
    .string({ error: OUTCOME_MESSAGES.lostReasonRequired })
    .max(40, OUTCOME_MESSAGES.lostReasonRequired)
    .nullable()
    .optional(),
  note: z
    .string({ error: OUTCOME_MESSAGES.noteNotText })
    .max(MAX_OUTCOME_NOTE_LENGTH * 2, OUTCOME_MESSAGES.noteTooLong)
    .nullable()
    .optional(),
});
export type UpdateLeadOutcomeRequest = z.infer<typeof UpdateLeadOutcomeRequestSchema>;

/** The outcome a buyer recorded on a bought lead; `job_value` in dollars. */
export const LeadOutcomeSchema = z.object({
  outcome: z.enum(LEAD_OUTCOMES),
  job_value: z.number().nullable(),
  lost_reason: z.enum(LOST_REASONS).nullable(),
  /** The buyer's own note (never leaves lead-intake but to the buyer). */
  note: z.string().nullable(),
  recorded_at: z.string(),
});
export type LeadOutcomeView = z.infer<typeof LeadOutcomeSchema>;

/** Reply of update-lead-outcome: the outcome as kept. */
export const UpdateLeadOutcomeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  outcome: LeadOutcomeSchema,
});

/** One purchased-lead record of get-purchased-leads (dashboards §3). */
export const PurchasedLeadRecordSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  purchased_at: z.string(),
  /** Dollars, two decimals. */
  price_paid: z.number(),
  /** How it was bought: through a claim link ('claim') or the dashboard ('dashboard'). */
  purchase_channel: z.string().nullable(),
  /** When the buyer's refund was approved (the record is then under refunded_leads only). */
  refunded_at: z.string().nullable(),
  /** The one list the lead is in: purchased, completed, archived or refunded. */
  status: z.enum(['purchased', 'completed', 'archived', 'refunded']),
  /** When the buyer marked the customer contacted (or called from the dashboard). */
  contacted_at: z.string().nullable().optional(),
  /** What the buyer recorded happened (update-lead-outcome), null until it records one. */
  outcome: LeadOutcomeSchema.nullable().optional(),
  leads: z.object({
    urgency: z.enum(URGENCIES),
    customer_name: z.string(),
    customer_phone: z.string(),
    customer_email: z.string().nullable(),
    zip_code: z.string(),
    service_category: z.string(),
    sub_service: z.string(),
    description: z.string(),
    created_at: z.string(),
  }),
});
export const PurchasedLeadsResponseSchema = z.object({
  purchased_leads: z.array(PurchasedLeadRecordSchema),
  archived_leads: z.array(PurchasedLeadRecordSchema),
  completed_leads: z.array(PurchasedLeadRecordSchema),
  refunded_leads: z.array(PurchasedLeadRecordSchema),
});

/** The lists of bought leads one can page through ('claimed' = bought through a claim link, docs/adr/0005). */
export const PURCHASED_LISTS = ['purchased', 'claimed', 'completed', 'archived', 'refunded'] as const;
export type PurchasedList = (typeof PURCHASED_LISTS)[number];

/**
 * Paging of get-purchased-leads. With none of these the answer is the spec's four arrays; with any of
 * them it is one page of one list (PurchasedLeadsPageSchema).
 */
export const PurchasedLeadsQuerySchema = z.object({
  list: z
    .enum(PURCHASED_LISTS, { error: 'Choose a list: purchased, claimed, completed, archived or refunded' })
    .default('purchased'),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'Page size must be a whole number from 1 to 100' })
    .int('Page size must be a whole number from 1 to 100')
    .min(1, 'Page size must be a whole number from 1 to 100')
    .max(100, 'Page size must be a whole number from 1 to 100')
    .default(25),
  search: z.string().trim().max(200, 'Search is limited to 200 characters').default(''),
});
export type PurchasedLeadsQuery = z.infer<typeof PurchasedLeadsQuerySchema>;

/** One page of one list, with the size of every list (for the tab labels). */
export const PurchasedLeadsPageSchema = z.object({
  list: z.enum(PURCHASED_LISTS),
  leads: z.array(PurchasedLeadRecordSchema),
  /** Leads of this list matching the search. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Every list's size, without the search. */
  counts: z.record(z.enum(PURCHASED_LISTS), z.number().int()),
});

/** Claimed lead of the contractors dashboard (dashboards §3), served by GET /internal/contractors/:id/claimed-leads. */
export const ClaimedLeadSchema = z.object({
  id: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  zip_code: z.string(),
  claimed_at: z.string(),
  service_category: z.string(),
  sub_service: z.string(),
  description: z.string(),
  is_archived: z.boolean(),
  urgency: z.enum(URGENCIES),
  /** purchased, completed, archived or refunded. */
  status: z.string(),
  created_at: z.string(),
});

/** Query of GET /internal/leads (admin-leads). */
export const InternalLeadsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.string().trim().max(40).optional(),
  sort: z.enum(['newest', 'oldest']).optional().default('newest'),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(500).optional().default(50),
});

/** Body of POST /internal/leads/lookup. */
export const InternalLeadLookupRequestSchema = z.object({ ids: z.array(z.string()).max(1000) });

/** Body of POST /internal/leads (admin test lead; same pipeline as leads-submit). */
export const InternalCreateLeadRequestSchema = z.object({
  customer_name: trimmed(LEAD_FIELD_LIMITS.customer_name),
  phone: trimmed(LEAD_FIELD_LIMITS.phone),
  email: optionalEmail,
  service_category: trimmed(100),
  sub_service: optionalText(100).transform((v) => v ?? 'General'),
  zip_code: ZipCodeSchema,
  description: optionalText(LEAD_FIELD_LIMITS.description).transform((v) => v ?? 'Test lead'),
  is_test: z.boolean().optional().default(true),
});

// ---- end of lead pipeline schemas ----

// ---------------------------------------------------------------------------------------------
// Site intake (waitlist, contact, page views, admin listing) — owned by the site-intake issue.
// ---------------------------------------------------------------------------------------------
import { z as zSite } from '../zod.js';
import { WAITLIST_TRADES } from '../constants.js';

/** Hidden honeypot field on the public forms: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

const siteText = (max: number) => zSite.string().trim().min(1).max(max);
const siteEmail = zSite.string().trim().max(254).refine(isEmailAddress, FIELD_MESSAGES.email);
/** A phone number by the one phone rule (phone.ts). */
const sitePhone = zSite.string().trim().min(1).max(32).refine(isPhoneNumber, FIELD_MESSAGES.phoneDigits);
const honeypot = zSite.unknown().optional();

/** POST contractor-waitlist-signup body (public §3 Waitlist signup: every field required). */
export const WaitlistSignupRequestSchema = zSite.object({
  first_name: siteText(100),
  last_name: siteText(100),
  company: siteText(200),
  email: siteEmail,
  phone: sitePhone,
  trade: zSite.enum(WAITLIST_TRADES),
  [HONEYPOT_FIELD]: honeypot,
});
export type WaitlistSignupRequest = zSite.infer<typeof WaitlistSignupRequestSchema>;

/** Answer of contractor-waitlist-signup; the browser goes to redirect_url. */
export const WaitlistSignupResponseSchema = zSite.object({
  redirect_url: zSite.string(),
  message: zSite.string(),
  already_registered: zSite.boolean(),
});

/** Upper bound on a contact message's length (characters). */
export const CONTACT_MESSAGE_MAX = 5000;

/** POST contact body (public §3 Contact message; subject is optional). */
export const ContactRequestSchema = zSite.object({
  name: siteText(100),
  email: siteEmail,
  message: siteText(CONTACT_MESSAGE_MAX),
  subject: zSite.string().trim().max(200).optional(),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactRequest = zSite.infer<typeof ContactRequestSchema>;

export const ContactResponseSchema = zSite.object({ success: zSite.literal(true), message: zSite.string() });

/** POST track-page-view body: a site path such as /launch-soon. */
export const TrackPageViewRequestSchema = zSite.object({
  page_path: zSite
    .string()
    .trim()
    .min(1)
    .max(512)
    .regex(/^\/[^\s]*$/, 'The page address must start with /'),
});

export const TrackPageViewResponseSchema = zSite.object({ success: zSite.literal(true) });

/** GET /internal/site-messages query (admin-site-messages passes its own query through). */
export const SiteMessagesQuerySchema = zSite.object({
  kind: zSite.enum(['waitlist', 'contact']).default('waitlist'),
  page: zSite.coerce.number().int().min(1).max(100_000).default(1),
  limit: zSite.coerce.number().int().min(1).max(100).default(25),
});
export type SiteMessagesQuery = zSite.infer<typeof SiteMessagesQuerySchema>;

/** A waitlist entry as an admin sees it. */
export const WaitlistItemSchema = zSite.object({
  id: zSite.string(),
  kind: zSite.literal('waitlist'),
  first_name: zSite.string(),
  last_name: zSite.string(),
  company: zSite.string(),
  email: zSite.string(),
  phone: zSite.string(),
  trade: zSite.string(),
  created_at: zSite.string(),
});

/** A contact message as an admin sees it. */
export const ContactItemSchema = zSite.object({
  id: zSite.string(),
  kind: zSite.literal('contact'),
  name: zSite.string(),
  email: zSite.string(),
  subject: zSite.string(),
  message: zSite.string(),
  created_at: zSite.string(),
});

/** Answer of GET /internal/site-messages and of admin-site-messages: newest first. */
export const SiteMessagesResponseSchema = zSite.object({
  kind: zSite.enum(['waitlist', 'contact']),
  items: zSite.array(zSite.union([WaitlistItemSchema, ContactItemSchema])),
  total: zSite.number().int(),
  page: zSite.number().int(),
  limit: zSite.number().int(),
});
export type SiteMessagesResponse = zSite.infer<typeof SiteMessagesResponseSchema>;

/** GET /internal/page-views?page_path=&days= : views per day (UTC) of one path, newest day first. */
export const PageViewCountsQuerySchema = zSite.object({
  page_path: zSite.string().min(1).max(512),
  days: zSite.coerce.number().int().min(1).max(366).default(30),
});
export const PageViewCountsResponseSchema = zSite.object({
  page_path: zSite.string(),
  days: zSite.array(
    zSite.object({ day: zSite.string(), views: zSite.number().int(), unique_visitors: zSite.number().int() }),
  ),
});
