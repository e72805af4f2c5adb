import { z } from '../zod.js';
import { dayQuery, limitQuery, pageQuery } from './common.js';
import { ADMIN_LEAD_STATUSES, ADMIN_SORTS, LEAD_TYPES, URGENCIES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { parseAdminPrice, PRICE_MESSAGES } from '../pricing.js';
import { ContractorViewSchema } from './contractors.js';
import {
  InternalAdminLeadSchema,
  InternalConsentSchema,
  InternalLeadSummarySchema,
  InternalRefundSchema,
} from './internal.js';
import { ClaimedLeadSchema, LeadSubmitResponseSchema } from './lead-intake.js';
import {
  AutoCreditSchema,
  LeadReceiptSchema,
  RefundEvidenceSchema,
  WalletStatementEntrySchema,
} from './wallet-ledger.js';

/** POST admin-login: the spec's single password field logs in the only admin; with several admins the email is needed too. */
export const AdminLoginRequestSchema = z.object({
  email: z.string().trim().max(254).optional(),
  password: z.string({ error: MESSAGES.admin.invalidPassword }).min(1, MESSAGES.admin.invalidPassword).max(1024),
});
export const AdminLoginResponseSchema = z.object({
  success: z.literal(true),
  session_token: z.string(),
  expires_at: z.string(),
  admin: z.object({ id: z.string(), email: z.string() }),
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** POST admin-logout. */
export const AdminLogoutResponseSchema = z.object({ success: z.literal(true) });

/** GET admin-login-options: whether the login card must show an email field. */
export const AdminLoginOptionsResponseSchema = z.object({ multiple_admins: z.boolean() });

/** GET admin-stats. `active_definition` says what "active" means for activeContractors. */
export const AdminStatsResponseSchema = z.object({
  totalLeads: z.number().int(),
  totalContractors: z.number().int(),
  totalRevenue: z.number(),
  activeContractors: z.number().int(),
  active_definition: z.string(),
});

const sort = z.enum(ADMIN_SORTS).optional().default('newest');

/** GET admin-contractors query: search, date order (by signup), page. */
export const AdminContractorsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sort,
  page: pageQuery,
  limit: limitQuery(500, 100),
});
/** GET admin-contractors-export: every contractor matching the search, as CSV. */
export const AdminContractorsExportQuerySchema = AdminContractorsQuerySchema.omit({ page: true, limit: true });

/** A row of the admin Contractors table (dashboards §3 Admin contractor); money in dollars. */
export const AdminContractorSchema = z.object({
  id: z.string(),
  business_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  industry: z.string(),
  sub_service: z.string(),
  zip_codes: z.array(z.string()),
  created_at: z.string().optional(),
  wallet_balance: z.number(),
  total_leads_purchased: z.number().int(),
  total_spend: z.number(),
});
export type AdminContractor = z.infer<typeof AdminContractorSchema>;
export const AdminContractorsResponseSchema = z.object({
  contractors: z.array(AdminContractorSchema),
  total: z.number().int(),
});

/** GET admin-leads query: search text, status filter (All Statuses = absent or 'all'), date order, page. */
export const AdminLeadsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum([...ADMIN_LEAD_STATUSES, 'all']).optional(),
  sort,
  page: pageQuery,
  limit: limitQuery(500, 100),
});
/** GET admin-leads-export: every lead matching the search and filter, as CSV. */
export const AdminLeadsExportQuerySchema = AdminLeadsQuerySchema.omit({ page: true, limit: true });

/**
 * A row of the admin Leads table with its assignments (dashboards §3 Admin lead): lead-intake's row
 * (InternalAdminLeadSchema) without the validation details, each assignment with the contractor's
 * business name the admin service adds.
 */
export const AdminLeadSchema = InternalAdminLeadSchema.omit({ validation_summary: true }).extend({
  /** The customer's urgency, which fixes the lead's price tier. */
  urgency: z.enum(URGENCIES),
  is_test: z.boolean().optional(),
  contractor_leads: z.array(
    InternalAdminLeadSchema.shape.contractor_leads.element.extend({
      contractors: z.object({ business_name: z.string() }),
    }),
  ),
});
export const AdminLeadsResponseSchema = z.object({ leads: z.array(AdminLeadSchema), total: z.number().int() });

export const AdminTransactionsQuerySchema = z.object({ page: pageQuery, limit: limitQuery(500, 200) });
/** GET admin-transactions: dashboards §3 Transaction, money in dollars. */
export const AdminTransactionsResponseSchema = z.object({
  transactions: z.array(
    z.object({
      id: z.string(),
      contractor_id: z.string(),
      contractors: z.object({ business_name: z.string(), contact_name: z.string() }),
      type: z.string(),
      amount: z.number(),
      date: z.string(),
      description: z.string(),
    }),
  ),
  total_revenue: z.number(),
  total: z.number().int(),
});

/** GET admin-pricing: category → lead type → price in dollars. */
export const AdminPricingResponseSchema = z.object({
  category_pricing: z.record(z.string(), z.record(z.string(), z.number())),
});

/** GET admin-lead-pricing: a list of prices in dollars, one per row (industry, or trade when sub_service is set) and tier. */
export const AdminLeadPriceSchema = z.object({
  category: z.string(),
  sub_service: z.string(),
  lead_type: z.string(),
  price: z.number(),
});
export const AdminLeadPricingListSchema = z.array(AdminLeadPriceSchema);

/** A row of the matrix and a tier: what PUT and the reset act on. */
const priceCell = {
  category: z.string().trim().min(1, PRICE_MESSAGES.unknownRow).max(64),
  sub_service: z.string().trim().max(64).optional().default(''),
  lead_type: z.enum(LEAD_TYPES),
};

/**
 * PUT admin-lead-pricing body: price in dollars (number or text), checked by parseAdminPrice —
 * empty, non-numeric and negative refused, zero only with confirm_zero.
 */
export const AdminLeadPricingUpdateSchema = z
  .object({ ...priceCell, price: z.unknown(), confirm_zero: z.boolean().optional().default(false) })
  .transform((body, ctx) => {
    const parsed = parseAdminPrice(body.price, body.confirm_zero);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: parsed.message });
      return z.NEVER;
    }
    return {
      category: body.category,
      sub_service: body.sub_service,
      lead_type: body.lead_type,
      price_cents: parsed.cents,
    };
  });
export const AdminLeadPricingUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  category: z.string(),
  sub_service: z.string(),
  lead_type: z.string(),
  old_price: z.number().nullable(),
  new_price: z.number().nullable(),
});
/** DELETE admin-lead-pricing body: "Reset to default" — the cell loses its own price and falls back (trade → industry → default). */
export const AdminLeadPricingResetSchema = z.object(priceCell);

export const AdminPricingHistoryQuerySchema = z.object({ limit: limitQuery(500, 50) });
/** GET admin-pricing-history: newest first, prices in dollars (old_price null when there was none, new_price null for a reset), with who changed it. */
export const AdminPricingHistoryListSchema = z.array(
  z.object({
    category: z.string(),
    sub_service: z.string(),
    lead_type: z.string(),
    old_price: z.number().nullable(),
    new_price: z.number().nullable(),
    timestamp: z.string(),
    admin_id: z.string().nullable(),
    admin_email: z.string().nullable(),
  }),
);

export const AdminRefundsQuerySchema = z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() });
/** GET admin-refund-management: refund requests with their contractor and lead (dashboards §3 Refund request). */
export const AdminRefundRequestSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.string(),
  reason: z.string().nullable(),
  requested_at: z.string(),
  processed_at: z.string().nullable(),
  admin_notes: z.string().nullable(),
  contractors: z.object({ business_name: z.string(), email: z.string() }),
  leads: z.object({ customer_name: z.string(), service_category: z.string(), zip_code: z.string() }),
  /** Automatic credits resting on this purchase, which approving re-judges (dollars). */
  dependent_credits: z.array(z.object({ lead_id: z.string(), amount: z.number() })).optional(),
  /** The phone confirmation and the buyer's recorded outcome, for a pending request. */
  evidence: RefundEvidenceSchema.optional(),
});
export const AdminRefundListSchema = z.array(AdminRefundRequestSchema);

/** POST admin-refund-management body. */
export const AdminRefundDecisionSchema = z.object({
  refund_request_id: z.string().trim().min(1).max(100),
  action: z.enum(['approve', 'reject']),
  admin_notes: z.string().max(2000).optional().default(''),
});

/** POST admin-reverse-auto-credit body: which automatic credit, and why it is taken back (shown to the contractor). */
export const AdminReverseAutoCreditSchema = z.object({
  credit_id: z
    .string({ error: 'Choose the automatic credit to reverse' })
    .trim()
    .uuid('Choose the automatic credit to reverse'),
  notes: z
    .string({ error: 'Say why the credit is reversed' })
    .trim()
    .min(1, 'Say why the credit is reversed')
    .max(2000, 'The reason must be at most 2000 characters'),
});

/** POST admin-wallet-adjust body: amount in dollars, positive to credit, negative to deduct. */
export const AdminWalletAdjustSchema = z.object({
  contractor_id: z
    .string({ error: MESSAGES.admin.adjustRequired })
    .trim()
    .min(1, MESSAGES.admin.adjustRequired)
    .max(100),
  amount: z.coerce
    .number({ error: MESSAGES.admin.adjustRequired })
    .refine((v) => Number.isFinite(v) && v !== 0, MESSAGES.admin.adjustRequired)
    .refine((v) => Math.abs(v) <= 10_000, 'amount must be at most $10,000 either way'),
  notes: z.string().max(1000).optional().default(''),
  /** Made by the admin form once per submission: a double click or a retry credits once. */
  idempotency_key: z.string().trim().min(8, 'Invalid submission key').max(100).optional(),
});

/** Reply of admin-wallet-adjust and admin-reverse-auto-credit: the wallet's balance after, in dollars. */
export const AdminBalanceChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  new_balance: z.number(),
});

/** Reply of admin-refund-management POST: the request's status after the decision. */
export const AdminRefundDecisionResponseSchema = z.object({
  success: z.literal(true),
  status: z.string(),
  message: z.string(),
});

/** DELETE admin-delete-contractor: contractor_id in body or query. */
export const AdminDeleteContractorSchema = z.object({
  contractor_id: z.string().trim().min(1, 'contractor_id is required').max(100),
});
/** DELETE admin-bulk-delete-contractors body. */
export const AdminBulkDeleteContractorsSchema = z.object({
  contractor_ids: z
    .array(z.string().trim().min(1).max(100), { error: 'Please select contractors to delete' })
    .min(1, 'Please select contractors to delete')
    .max(500),
});
/** DELETE admin-delete-lead: lead_id in body or query. */
export const AdminDeleteLeadSchema = z.object({ lead_id: z.string().trim().min(1, 'lead_id is required').max(100) });
/** DELETE admin-bulk-delete-leads body. */
export const AdminBulkDeleteLeadsSchema = z.object({
  lead_ids: z
    .array(z.string().trim().min(1).max(100), { error: MESSAGES.admin.selectLeads })
    .min(1, MESSAGES.admin.selectLeads)
    .max(500),
});
/** Answer of both bulk deletes: how many went, and which failed with why. */
export const AdminBulkDeleteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** How many were deleted (the browser reads this number). */
  deleted: z.number().int(),
  deleted_ids: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});

/** POST admin-utilities action=create_lead body (dashboards §5 Test lead). */
export const AdminCreateLeadSchema = z.object({
  action: z.literal('create_lead', { error: 'action must be create_lead' }),
  customer_name: z
    .string({ error: MESSAGES.admin.requiredFields })
    .trim()
    .min(1, MESSAGES.admin.requiredFields)
    .max(200),
  phone: z.string({ error: MESSAGES.admin.requiredFields }).trim().min(1, MESSAGES.admin.requiredFields).max(32),
  email: z.string().trim().max(254).optional().default(''),
  service_category: z
    .string({ error: MESSAGES.admin.requiredFields })
    .trim()
    .min(1, MESSAGES.admin.requiredFields)
    .max(100),
  sub_service: z.string().trim().max(100).optional().default(''),
  zip_code: z.string({ error: MESSAGES.admin.requiredFields }).trim().min(1, MESSAGES.admin.requiredFields).max(10),
  description: z.string().trim().max(5000).optional().default(''),
});
/**
 * Answer of admin-utilities create_lead: the test lead exists either way; screening's verdict says
 * whether it goes on, with the reasons in words when rejected (empty otherwise).
 */
export const AdminTestLeadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lead_id: z.string(),
  status: LeadSubmitResponseSchema.shape.status,
  reasons: z.array(z.string()),
  problems: LeadSubmitResponseSchema.shape.problems,
  validation_summary: LeadSubmitResponseSchema.shape.validation_summary,
});
export type AdminTestLeadResponse = z.infer<typeof AdminTestLeadResponseSchema>;

/** GET admin-contractor: one contractor's page; the statement pages with limit and offset. */
export const AdminContractorQuerySchema = z.object({
  contractor_id: z.string().trim().min(1, 'contractor_id is required').max(100),
  limit: limitQuery(200, 25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A part of the admin contractor page its owner could not give, with why (the rest of the page still shows). */
const UnavailablePartSchema = z.object({ available: z.literal(false), reason: z.string() });
/** One automatic credit on the admin contractor page; `amount` in dollars. */
export const AdminAutoCreditSchema = AutoCreditSchema.omit({
  purchase_id: true,
  sub_service: true,
  amount_cents: true,
}).extend({ amount: z.number() });
export type AdminAutoCredit = z.infer<typeof AdminAutoCreditSchema>;
/**
 * GET admin-contractor, all but the profile (the contractors service's ContractorView, added by the
 * type below): each part from its owner, or why its owner could not give it. Money in dollars.
 */
export const AdminContractorPagePartsSchema = z.object({
  statement: z.union([
    z.object({
      available: z.literal(true),
      balance: z.number(),
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      entries: z.array(
        WalletStatementEntrySchema.omit({ amount_cents: true, balance_after_cents: true }).extend({
          amount: z.number(),
          balance_after: z.number(),
        }),
      ),
    }),
    UnavailablePartSchema,
  ]),
  leads_bought: z.union([
    z.object({ available: z.literal(true), leads: z.array(ClaimedLeadSchema) }),
    UnavailablePartSchema,
  ]),
  refunds: z.union([
    z.object({
      available: z.literal(true),
      requests: z.array(
        InternalRefundSchema.omit({ contractor_id: true, amount_cents: true }).extend({
          amount: z.number(),
          lead: InternalLeadSummarySchema.nullable(),
        }),
      ),
    }),
    UnavailablePartSchema,
  ]),
  /** Automatic credits; absent from admin services older than it. */
  auto_credits: z
    .union([z.object({ available: z.literal(true), credits: z.array(AdminAutoCreditSchema) }), UnavailablePartSchema])
    .optional(),
  sms_consent: z.union([
    z.object({ available: z.literal(true), records: z.array(InternalConsentSchema) }),
    UnavailablePartSchema,
  ]),
});
/** GET admin-contractor: the profile and the parts. */
export const AdminContractorPageSchema = AdminContractorPagePartsSchema.extend({ contractor: ContractorViewSchema });
export type AdminContractorPage = z.infer<typeof AdminContractorPageSchema>;

/** GET admin-lead-receipt: the buyer's receipt with the lead and buyer named (null where their owner could not say). */
export const AdminLeadReceiptSchema = LeadReceiptSchema.extend({
  lead: z
    .object({
      id: z.string(),
      service_category: z.string(),
      sub_service: z.string(),
      zip_code: z.string(),
      status: z.string(),
    })
    .nullable(),
  buyer: z.object({ id: z.string(), business_name: z.string() }).nullable(),
});

/** GET admin-site-messages query. */
export const AdminSiteMessagesQuerySchema = z.object({
  kind: z.enum(['waitlist', 'contact']).default('waitlist'),
  page: pageQuery,
  limit: limitQuery(100, 25),
});

/**
 * GET admin-audit-log query: by action, admin and day range (from and to inclusive). Days are the
 * admin's own: tz_offset is the browser's Date#getTimezoneOffset() in minutes (0 = UTC days).
 */
export const AdminAuditLogQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  admin_id: z.string().trim().max(100).optional(),
  from: dayQuery,
  to: dayQuery,
  tz_offset: z.coerce.number().int().min(-840).max(840).optional().default(0),
  page: pageQuery,
  limit: limitQuery(500, 50),
});
/** One audit entry: who, what, when, and the data before and after. */
export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  admin_id: z.string(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const AdminAuditLogResponseSchema = z.object({
  entries: z.array(AdminAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  /** What the filters can choose from: every action recorded, every admin account. */
  actions: z.array(z.string()),
  admins: z.array(z.object({ id: z.string(), email: z.string() })),
});

// The admin service's internal bodies (sessions, password reset) are declared with their calls in internal.ts.
