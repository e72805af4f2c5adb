import { z } from '../zod.js';
import { LEAD_TYPES } from '../constants.js';
import { LEAD_OUTCOMES, LOST_REASONS } from '../outcomes.js';

// ---- wallet-ledger: purchases, funding, auto-reload, pricing, refunds, history and reports ----
// Money on the public wire is dollars (two decimals); internal routes carry integer cents.

const leadId = z.string().trim().uuid('lead_id must be a valid lead id');
const optionalId = z.string().trim().max(200).optional();

/** Body of purchase-lead; the buyer is the session's contractor (the gateway refuses another contractor_id). */
export const PurchaseLeadRequestSchema = z.object({
  lead_id: leadId,
  contractor_id: optionalId,
  session_token: z.string().optional(),
});
export type PurchaseLeadRequest = z.infer<typeof PurchaseLeadRequestSchema>;
/** Reply of purchase-lead; `new_wallet_balance` in dollars. */
export const PurchaseLeadResponseSchema = z.object({
  success: z.literal(true),
  new_wallet_balance: z.number(),
  message: z.string(),
  purchase_id: z.string(),
});

/** Body of contractors-purchase-credits: `amount` in dollars, checked by the service with the spec's three messages. */
export const PurchaseCreditsRequestSchema = z.object({
  contractor_id: optionalId,
  session_token: z.string().optional(),
  amount: z.unknown().optional(),
});
export const PurchaseCreditsResponseSchema = z.object({ payment_url: z.string() });

/** Body of auto-reload-settings POST: any subset of the three settings (dollars). */
export const AutoReloadUpdateSchema = z.object({
  contractor_id: optionalId,
  session_token: z.string().optional(),
  auto_reload_enabled: z.unknown().optional(),
  auto_reload_threshold: z.unknown().optional(),
  auto_reload_amount: z.unknown().optional(),
});
/** Reply of auto-reload-settings (GET and POST); dollars. `disabled_reason` says why a failed charge turned it off. */
export const AutoReloadSettingsSchema = z.object({
  success: z.literal(true),
  auto_reload_enabled: z.boolean(),
  auto_reload_threshold: z.number(),
  auto_reload_amount: z.number(),
  disabled_reason: z.string().nullable(),
  has_saved_card: z.boolean(),
  /** False when the server has card payments turned off (PAYMENTS_DISABLED): the dashboard says so instead of offering it. */
  funding_available: z.boolean(),
  /** POST only: what was done. */
  message: z.string().optional(),
});

/**
 * Reply of get-category-pricing (dollars): `pricing` maps category → standard price (the spec's
 * "map from category to price"), `pricing_by_type` gives every tier, `default_price` applies to
 * any category or tier without a price.
 */
export const CategoryPricingResponseSchema = z.object({
  pricing: z.record(z.string(), z.number()),
  pricing_by_type: z.record(z.string(), z.record(z.enum(LEAD_TYPES), z.number())),
  default_price: z.number(),
});

/** Body of request-refund. */
export const RequestRefundSchema = z.object({
  lead_id: leadId,
  reason: z.string().trim().max(2000).default(''),
  contractor_id: optionalId,
  session_token: z.string().optional(),
});
/** Reply of request-refund; `refund_window_days` lets the interface say the window. */
export const RequestRefundResponseSchema = z.object({
  success: z.literal(true),
  refund_request_id: z.string(),
  status: z.literal('pending'),
  refund_window_days: z.number(),
  message: z.string(),
});

/** One of the signed-in contractor's refund requests (get-refund-requests); `amount` in dollars. */
export const ContractorRefundRequestSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  amount: z.number(),
  /** pending, approved or rejected (the column is plain text, so the wire says string). */
  status: z.string(),
  reason: z.string(),
  requested_at: z.string(),
  processed_at: z.string().nullable(),
  admin_notes: z.string().nullable(),
});
export type ContractorRefundRequest = z.infer<typeof ContractorRefundRequestSchema>;
/** Reply of get-refund-requests: newest first, and the window the interface states. */
export const RefundRequestsResponseSchema = z.object({
  refund_window_days: z.number().int(),
  refund_requests: z.array(ContractorRefundRequestSchema),
});
export type RefundRequestsResponse = z.infer<typeof RefundRequestsResponseSchema>;

/** Query of get-lead-purchase-history. */
export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
/** Query of contractor-performance-metrics. */
export const MetricsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** One bought lead of get-lead-purchase-history; `purchase_price` in dollars. */
export const PurchaseHistoryRowSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  date_purchased: z.string(),
  industry: z.string(),
  sub_service: z.string(),
  lead_zip_code: z.string(),
  purchase_price: z.number(),
  status: z.string(),
});
export type PurchaseHistoryRow = z.infer<typeof PurchaseHistoryRowSchema>;
/** Reply of get-lead-purchase-history: one page, newest first. */
export const PurchaseHistoryResponseSchema = z.object({
  success: z.literal(true),
  purchase_history: z.array(PurchaseHistoryRowSchema),
  pagination: z.object({
    current_page: z.number().int(),
    total_pages: z.number().int(),
    total_records: z.number().int(),
  }),
});
export type PurchaseHistoryResponse = z.infer<typeof PurchaseHistoryResponseSchema>;

/**
 * Reply of contractor-performance-metrics (spec §3), also part of the dashboard's first screen:
 * the window's figures (money in dollars, close rate in percent, response time in minutes) and one
 * row per day, oldest first.
 */
export const PerformanceMetricsSchema = z.object({
  metrics: z.object({
    leads_purchased: z.number().int(),
    total_spend: z.number(),
    total_revenue: z.number(),
    close_rate: z.number(),
    roi_ratio: z.number(),
    avg_response_time: z.number(),
  }),
  daily_data: z.array(
    z.object({ date: z.string(), leads_purchased: z.number().int(), leads_booked: z.number().int() }),
  ),
});
export type PerformanceMetrics = z.infer<typeof PerformanceMetricsSchema>;

/** The achievements of gamification-scoring (spec §3), also part of the dashboard's first screen. */
export const GamificationSchema = z.object({
  top_performer_badge: z.boolean(),
  current_streak: z.number().int(),
  best_streak: z.number().int(),
  response_time_score: z.number(),
  avg_response_time: z.number(),
  total_roi: z.number(),
  completed_leads: z.number().int(),
  total_leads: z.number().int(),
});
export type Gamification = z.infer<typeof GamificationSchema>;
/** Reply of gamification-scoring. */
export const GamificationResponseSchema = z.object({ gamification: GamificationSchema });
export type GamificationResponse = z.infer<typeof GamificationResponseSchema>;

/** One Monday–Sunday week of weekly-reports (UTC); money in dollars, wallet_balance at the week's end. */
export const WeeklyReportSchema = z.object({
  week_start_formatted: z.string(),
  week_end_formatted: z.string(),
  spend: z.number(),
  leads_purchased: z.number().int(),
  refunds: z.number(),
  wallet_balance: z.number(),
});
export type WeeklyReport = z.infer<typeof WeeklyReportSchema>;
/** Reply of weekly-reports: the last weeks, oldest first. */
export const WeeklyReportsResponseSchema = z.object({ reports: z.array(WeeklyReportSchema) });
export type WeeklyReportsResponse = z.infer<typeof WeeklyReportsResponseSchema>;

/**
 * The figures of a set of bought leads from their outcomes (docs/adr/0047-lead-outcomes.md), refunded
 * purchases left out. Money in dollars. A lead is won when its buyer recorded it won, or marked it
 * completed without recording lost or never reached (`won_estimated` of those count at the average
 * job value, as no value was recorded); decided = won + lost + never reached; open = the rest.
 */
export const OutcomeFiguresSchema = z.object({
  leads_purchased: z.number().int(),
  won: z.number().int(),
  /** Won leads counted at the configured average job value (completed, no value recorded). */
  won_estimated: z.number().int(),
  lost: z.number().int(),
  never_reached: z.number().int(),
  /** Bought, not decided yet (nothing recorded, contacted or quoted). */
  open: z.number().int(),
  /** Percent, two decimals: won / decided × 100 (0 with nothing decided). */
  close_rate: z.number(),
  /** What the leads cost (every counted purchase, decided or not). */
  spend: z.number(),
  /** Sum of the won jobs' values. */
  won_value: z.number(),
  /** won_value / won (0 with none won): the ROI calculator's average job value. */
  average_job_value: z.number(),
  /** The spec's ratio (4:1 and more is highlighted): won_value / spend, two decimals (0 with no spend). */
  roi_ratio: z.number(),
  /** Percent, two decimals: (won_value − spend) / spend × 100 (0 with no spend). */
  net_roi: z.number(),
});
export type OutcomeFigures = z.infer<typeof OutcomeFiguresSchema>;

/** One category (a price-matrix row: a home-service trade, else an industry) of the outcome figures. */
export const CategoryOutcomeFiguresSchema = OutcomeFiguresSchema.extend({
  /** The matrix row's key ("home_services/hvac", "legal"). */
  category: z.string(),
  /** Its words ("HVAC", "Legal"). */
  label: z.string(),
});
export type CategoryOutcomeFigures = z.infer<typeof CategoryOutcomeFiguresSchema>;

/** Reply of get-outcome-reports: the signed-in contractor's outcome figures, in all and by category and ZIP. */
export const OutcomeReportsResponseSchema = z.object({
  totals: OutcomeFiguresSchema,
  by_category: z.array(CategoryOutcomeFiguresSchema),
  by_zip: z.array(OutcomeFiguresSchema.extend({ zip_code: z.string() })),
  /** How often each reason was given for a lost job, most frequent first. */
  lost_reasons: z.array(z.object({ reason: z.enum(LOST_REASONS), label: z.string(), count: z.number().int() })),
  /** The average job value (dollars) a completed lead without a recorded value counts at. */
  assumed_job_value: z.number(),
});
export type OutcomeReportsResponse = z.infer<typeof OutcomeReportsResponseSchema>;

/** The marketplace's outcome figures per category (every contractor's purchases): the operator's close rates. */
export const CategoryOutcomesResponseSchema = z.object({
  categories: z.array(CategoryOutcomeFiguresSchema),
  totals: OutcomeFiguresSchema,
});
export type CategoryOutcomesResponse = z.infer<typeof CategoryOutcomesResponseSchema>;

// ---- internal routes (docs/internal-api.md) ----

/** What a new lead of this kind would be priced at (GET /internal/lead-prices/quote). */
export const LeadPriceQuoteSchema = z.object({
  service_category: z.string().trim().min(1, 'service category is required'),
  sub_service: z.string().max(100).optional(),
  urgency: z.string().optional(),
});
export const WalletsSummaryRequestSchema = z.object({ contractor_ids: z.array(z.string()).max(1000) });
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AdjustmentRequestSchema = z.object({
  contractor_id: z.string().trim().min(1, 'Contractor ID and amount are required'),
  amount_cents: z
    .number({ message: 'Contractor ID and amount are required' })
    .int()
    .refine((n) => n !== 0, 'Contractor ID and amount are required'),
  notes: z.string().default(''),
  admin_id: z.string().optional(),
  /** One admin form submission: a repeat with the same key is posted once. */
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});
/** PUT /internal/lead-prices: one tier of a matrix row (sub_service '' for an industry row). */
export const SetLeadPriceSchema = z.object({
  category: z.string().trim().min(1).max(100),
  sub_service: z.string().trim().max(100).optional().default(''),
  lead_type: z.enum(LEAD_TYPES),
  price_cents: z.number().int().min(0).max(100_000_00),
  admin_id: z.string().optional(),
});
/** DELETE /internal/lead-prices: the tier of the row loses its own price (reset to default). */
export const ResetLeadPriceSchema = SetLeadPriceSchema.omit({ price_cents: true });
export const HistoryLimitQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const RefundListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  /** Only this contractor's requests (the admin contractor page). */
  contractor_id: z.string().max(100).optional(),
});
export const RefundDecisionSchema = z.object({
  action: z.enum(['approve', 'reject']),
  admin_notes: z.string().max(2000).default(''),
  admin_id: z.string().optional(),
});

// ---- wallet statement (the admin contractor page reads the internal form) ----

/** Query of the statement, contractor-facing (get-wallet-statement) and internal. `format=csv` downloads it. */
export const WalletStatementQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(25),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
  format: z.enum(['json', 'csv']).default('json'),
  contractor_id: optionalId,
  session_token: z.string().optional(),
});
/** One line of a wallet statement: a ledger transaction as it touched this wallet (cents, signed). */
export const WalletStatementEntrySchema = z.object({
  transaction_id: z.string(),
  occurred_at: z.string(),
  /** The ledger kind: signup_credit, wallet_funding, auto_reload, lead_purchase, refund, admin_adjustment. */
  kind: z.string(),
  /** What a person reads: "Card payment", "Lead purchase: Home Services, HVAC (ZIP 94107)". */
  label: z.string(),
  lead_id: z.string().nullable(),
  amount_cents: z.number().int(),
  /** The wallet balance right after this entry. */
  balance_after_cents: z.number().int(),
});
/** A page of a wallet statement, newest first; `total` counts every entry of the wallet. */
export const WalletStatementSchema = z.object({
  balance_cents: z.number().int(),
  total: z.number().int(),
  entries: z.array(WalletStatementEntrySchema),
});
export type WalletStatement = z.infer<typeof WalletStatementSchema>;
export type WalletStatementEntry = z.infer<typeof WalletStatementEntrySchema>;

// ---- receipts (proof of exclusivity) and hard spend caps ----

/** Query of get-lead-receipt (the buyer's own lead) and admin-lead-receipt. */
export const LeadReceiptQuerySchema = z.object({
  lead_id: leadId,
  contractor_id: optionalId,
  session_token: z.string().optional(),
});

/** The facts of a receipt, exactly as they were signed (cents, ISO times in UTC). */
export const ReceiptFactsSchema = z.object({
  lead_id: z.string().max(100),
  contractor_id: z.string().max(200),
  purchase_id: z.string().max(100),
  transaction_id: z.string().max(100),
  price_cents: z.number().int(),
  price_row: z.string().max(200),
  lead_type: z.string().max(50),
  price_source: z.string().max(50),
  price_version: z.string().max(50),
  priced_at: z.string().max(50),
  offered_at: z.string().max(50),
  offered_to: z.number().int(),
  purchased_at: z.string().max(50),
  other_purchases: z.number().int(),
  /**
   * When the customer confirmed the phone, if before the purchase; '' otherwise, and on receipts
   * signed before this fact existed (docs/adr/0045-phone-confirmed-before-the-offer.md).
   */
  phone_confirmed_at: z.string().max(50).default(''),
});
export type ReceiptFactsWire = z.infer<typeof ReceiptFactsSchema>;

/** A receipt: its facts, its code, and the statement of exclusivity checked when it was read. */
export const LeadReceiptSchema = z.object({
  success: z.literal(true),
  receipt: ReceiptFactsSchema,
  code: z.string(),
  exclusive: z.boolean(),
  statement: z.string(),
  /** Where anyone can check the receipt: POST these facts and code (or lead_id and code) to verify-lead-receipt. */
  verify_function: z.literal('verify-lead-receipt'),
});
export type LeadReceipt = z.infer<typeof LeadReceiptSchema>;

/**
 * Body of verify-lead-receipt: the code with either the whole receipt (every fact as handed over)
 * or only the lead id (the server rebuilds the facts from its records).
 */
export const VerifyReceiptRequestSchema = z.object({
  code: z.string({ error: 'Enter the receipt code.' }).trim().min(1, 'Enter the receipt code.').max(200),
  lead_id: z.string().trim().uuid('Enter the lead id as it is printed on the receipt.').optional(),
  receipt: ReceiptFactsSchema.optional(),
});
/**
 * What anyone checking a receipt learns: valid, not valid, or valid once and undone since (refunded,
 * deleted) — never which fact differs, nor whether the lead exists or was sold.
 */
export const VerifyReceiptResponseSchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  status: z.enum(['valid', 'invalid', 'refunded', 'deleted']),
  verdict: z.string(),
});
export type VerifyReceiptResponse = z.infer<typeof VerifyReceiptResponseSchema>;

/** Body of spend-caps POST: dollars (null or '' = no cap) and whole numbers of reloads. */
export const SpendCapsUpdateSchema = z.object({
  contractor_id: optionalId,
  session_token: z.string().optional(),
  daily_cap: z.unknown().optional(),
  weekly_cap: z.unknown().optional(),
  max_lead_price: z.unknown().optional(),
  auto_reload_max_per_day: z.unknown().optional(),
  auto_reload_max_per_month: z.unknown().optional(),
});
/** Reply of spend-caps (GET and POST): dollars, null = no cap; what was spent in the current windows and when they reset. */
export const SpendCapsSchema = z.object({
  success: z.literal(true),
  daily_cap: z.number().nullable(),
  weekly_cap: z.number().nullable(),
  max_lead_price: z.number().nullable(),
  auto_reload_max_per_day: z.number().int().nullable(),
  auto_reload_max_per_month: z.number().int().nullable(),
  spent_today: z.number(),
  spent_this_week: z.number(),
  day_resets_at: z.string(),
  week_resets_at: z.string(),
  message: z.string().optional(),
});
export type SpendCapsAnswer = z.infer<typeof SpendCapsSchema>;
/**
 * The Stripe event stripe-webhook receives (checkout.session.completed credits the wallet); the
 * Stripe-Signature header signs the raw body, and anything unsigned is refused before it is read.
 */
export const StripeWebhookEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
/** Reply of stripe-webhook: whether this event credited a wallet (a repeated event credits once). */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true), credited: z.boolean() });

// ---- automatic credits (docs/adr/0012) ----

/** One fact behind an automatic credit, in words ("Carrier error": "30006 — landline or unreachable carrier"). */
export const AutoCreditEvidenceSchema = z.object({ label: z.string(), value: z.string() });
/** An automatic credit as the contractor (get-auto-credits) and the admin contractor page see it; cents. */
export const AutoCreditSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  purchase_id: z.string(),
  rule: z.enum(['customer_unreachable', 'repeat_lead']),
  /** The rule in plain words: "The customer's phone number cannot receive texts". */
  reason: z.string(),
  evidence: z.array(AutoCreditEvidenceSchema),
  amount_cents: z.number().int(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  /** When the defect was observed (the failed text, the repeat purchase). */
  observed_at: z.string(),
  credited_at: z.string(),
  status: z.enum(['credited', 'reversed']),
  reversed_at: z.string().nullable(),
  /** The admin's reason for a reversal (shown to the contractor). */
  reversal_notes: z.string().nullable(),
});
export type AutoCredit = z.infer<typeof AutoCreditSchema>;
/** Reply of get-auto-credits: the signed-in contractor's credits, newest first, and the rules that grant them. */
export const AutoCreditsResponseSchema = z.object({
  credits: z.array(AutoCreditSchema),
  rules: z.array(z.object({ rule: z.string(), description: z.string() })),
});
export type AutoCreditsResponse = z.infer<typeof AutoCreditsResponseSchema>;
/** Query of get-auto-credits. */
export const AutoCreditsQuerySchema = z.object({
  contractor_id: optionalId,
  session_token: z.string().optional(),
});
/** Body of POST /internal/auto-credits/:id/reversal (admin-reverse-auto-credit). */
export const InternalReverseAutoCreditSchema = z.object({
  notes: z.string().trim().min(1, 'A reason is required to reverse an automatic credit').max(2000),
  admin_id: z.string().optional(),
});

/**
 * Facts an operator weighs a refund by: when the customer confirmed the phone (before the sale or
 * after) and the outcome the buyer recorded. "Never reached" on a confirmed phone is the strongest
 * sign the lead did not deliver (docs/adr/0047-lead-outcomes.md).
 */
export const RefundEvidenceSchema = z.object({
  phone_confirmed_at: z.string().nullable(),
  outcome: z.enum(LEAD_OUTCOMES).nullable(),
});
