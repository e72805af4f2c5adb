import { z } from '../zod.js';
import { dayQuery, limitQuery, pageQuery } from './common.js';
import { CONFIRMATION_CODE_LENGTH } from '../constants.js';

/**
 * The operator's screening desk: functions owned by screening, called with an admin session
 * (docs/adr/0042-screening-desk.md). Every change is audited with before and after.
 */

/** GET admin-screening-rejections: a page of recent rejections, by reason and UTC day. */
export const ScreeningRejectionsQuerySchema = z.object({
  /** A reason code (`phone:invalid_number`) or a check (`phone`). */
  reason: z.string().trim().max(100).optional(),
  from: dayQuery,
  to: dayQuery,
  page: pageQuery,
  limit: limitQuery(200, 25),
});
export type ScreeningRejectionsQuery = z.infer<typeof ScreeningRejectionsQuerySchema>;

/** One rejected lead as the desk shows it: the job and the reasons, never the customer's contact. */
export const ScreeningRejectionSchema = z.object({
  lead_id: z.string(),
  reasons: z.array(z.string()),
  service_category: z.string().nullable(),
  sub_service: z.string().nullable(),
  zip_code: z.string().nullable(),
  description: z.string().nullable(),
  is_test: z.boolean(),
  submitted_at: z.string(),
  screened_at: z.string(),
  /** Set once an operator released it (it is then valid and offered). */
  released_at: z.string().nullable(),
});
export type ScreeningRejection = z.infer<typeof ScreeningRejectionSchema>;

export const ScreeningRejectionsResponseSchema = z.object({
  rejections: z.array(ScreeningRejectionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Rejections per reason code over the last 7 days (every reason a lead had counts). */
  counts_7d: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type ScreeningRejectionsResponse = z.infer<typeof ScreeningRejectionsResponseSchema>;

/** POST admin-screening-release: release a wrongly rejected lead. */
export const ScreeningReleaseSchema = z.object({ lead_id: z.string().uuid() });
export const ScreeningReleaseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lead_id: z.string(),
  released_at: z.string(),
});

/** The rules an operator tunes without a deploy. */
export const ScreeningRulesSchema = z.object({
  /** Extra words or phrases refused in a name or description (beside the built-in list). */
  blocked_words: z.array(z.string().trim().min(2).max(60)).max(500),
  /** Extra email domains refused (subdomains too), beside the disposable-domain list. */
  blocked_domains: z.array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'A domain is written like example.com'),
  ),
  /** Leads from one client address per window before ip_rate_ok turns false. */
  ip_limit: z.number().int().min(1).max(100_000),
  ip_window_seconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600),
});
export type ScreeningRules = z.infer<typeof ScreeningRulesSchema>;

export const ScreeningRulesResponseSchema = ScreeningRulesSchema.extend({
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ScreeningRulesResponse = z.infer<typeof ScreeningRulesResponseSchema>;

/**
 * The customer's phone confirmation (docs/adr/0045-phone-confirmed-before-the-offer.md): screening's own public functions. The lead id
 * (a UUID the thank-you page got from leads-submit) names the request; the code proves the phone.
 */
const confirmLeadId = z
  .string()
  .uuid('This link or page does not name a request. Please use the text message we sent.');

/** POST leads-confirm-phone: the code typed on the thank-you page, or the one-tap link's token. */
export const ContactConfirmRequestSchema = z.union([
  z.object({
    lead_id: confirmLeadId,
    code: z
      .string()
      .transform((typed) => typed.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(
            new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`),
            `The code is the ${CONFIRMATION_CODE_LENGTH} digits in the text message we sent you.`,
          ),
      ),
  }),
  z.object({
    token: z
      .string()
      .trim()
      .min(16, 'This confirmation link is not complete. Please tap the link in the text message again.')
      .max(100),
  }),
]);
export type ContactConfirmRequest = z.infer<typeof ContactConfirmRequestSchema>;

/** Where a lead's phone confirmation stands, as the thank-you page shows it. */
export const CONFIRMATION_STATES = ['waiting', 'confirmed', 'expired', 'locked', 'none'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

export const ContactConfirmationSchema = z.object({
  lead_id: z.string(),
  state: z.enum(CONFIRMATION_STATES),
  /** What to tell the customer, in words. */
  message: z.string(),
  confirmed_at: z.string().nullable(),
  /** When the code now texted stops working (null once confirmed or when there is none). */
  expires_at: z.string().nullable(),
  /** Wrong codes the customer may still type before this code is locked. */
  tries_left: z.number().int().nonnegative(),
  /** New codes the customer may still ask for. */
  resends_left: z.number().int().nonnegative(),
  /** Seconds before another code may be asked for (0: now). */
  resend_after_seconds: z.number().int().nonnegative(),
});
export type ContactConfirmation = z.infer<typeof ContactConfirmationSchema>;

/** GET leads-confirm-status and POST leads-confirm-resend: the request the thank-you page shows. */
export const ContactConfirmLeadSchema = z.object({ lead_id: confirmLeadId });
