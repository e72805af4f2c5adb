/**
 * The internal calls between services (docs/internal-api.md): owner, method, path and the schemas of
 * what is sent and answered. The owner types its handler's answer with InternalResponse; the caller
 * calls through callInternal (platform) and gets the same type back.
 */
import { z } from '../zod.js';
import { LEAD_TYPES } from '../constants.js';
import type { ServiceName } from '../routes.js';
import {
  ContractorListQuerySchema,
  ContractorViewSchema,
  ResolveApiKeyRequestSchema,
  ResolvedApiKeySchema,
  ResolveSessionRequestSchema,
  WalletFirstPaintSchema,
} from './contractors.js';
import {
  ClaimedLeadContactSchema,
  ClaimedLeadSchema,
  InternalCreateLeadRequestSchema,
  InternalLeadLookupRequestSchema,
  InternalLeadsQuerySchema,
  LeadSubmitResponseSchema,
  PURCHASED_LISTS,
  SiteMessagesQuerySchema,
  SiteMessagesResponseSchema,
} from './lead-intake.js';
import { AvailableLeadsResponseSchema, InternalOfferSchema, OffersOfLeadsRequestSchema } from './matching.js';
import {
  AdjustmentRequestSchema,
  AutoCreditsResponseSchema,
  CategoryOutcomesResponseSchema,
  HistoryLimitQuerySchema,
  InternalReverseAutoCreditSchema,
  LeadReceiptSchema,
  PageQuerySchema,
  RefundDecisionSchema,
  RefundEvidenceSchema,
  RefundListQuerySchema,
  ResetLeadPriceSchema,
  SetLeadPriceSchema,
  WalletsSummaryRequestSchema,
  WalletStatementQuerySchema,
  WalletStatementSchema,
} from './wallet-ledger.js';

/** One internal route; `:name` segments of `path` are filled from the call's params. */
export interface InternalCallDef {
  owner: ServiceName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const internal = <const D extends InternalCallDef>(def: D): D => def;

/** An SMS consent record of a contractor, oldest first. */
export const InternalConsentSchema = z.object({
  opted_in: z.boolean(),
  source: z.string(),
  wording: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  recorded_at: z.string(),
});

/** A lead as lead-intake lists it for the admin: the admin adds each contractor's business name. */
export const InternalAdminLeadSchema = z.object({
  id: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  description: z.string(),
  urgency: z.string(),
  status: z.string(),
  is_test: z.boolean(),
  created_at: z.string(),
  validation_summary: z.unknown(),
  contractor_leads: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      contractor_id: z.string(),
      /** The offer round this contractor was offered the lead in. */
      offer_round: z.number().int().positive().optional(),
    }),
  ),
});

/** A lead as lead-intake's lookup answers it (no contact details beyond the name). */
export const InternalLeadSummarySchema = z.object({
  id: z.string(),
  customer_name: z.string(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  status: z.string(),
  is_test: z.boolean(),
});

/** A refund request as wallet-ledger lists it. */
export const InternalRefundSchema = z.object({
  id: z.string(),
  contractor_id: z.string(),
  lead_id: z.string(),
  amount_cents: z.number().int(),
  status: z.string(),
  reason: z.string(),
  requested_at: z.string(),
  processed_at: z.string().nullable(),
  admin_notes: z.string().nullable(),
  /**
   * Automatic repeat-lead credits that rest on this purchase: approving the refund judges each
   * again (taken back unless another paid purchase of the same customer supports it).
   */
  dependent_credits: z
    .array(z.object({ credit_id: z.string(), lead_id: z.string(), amount_cents: z.number().int() }))
    .optional(),
  /** What the ledger knows of the lead behind a pending request: the phone confirmation and the buyer's outcome. */
  evidence: RefundEvidenceSchema.optional(),
});

/** POST /internal/sessions/resolve body (gateway → admin). */
export const AdminSessionResolveSchema = z.object({ token: z.string().min(1).max(200) });
/** POST /internal/password-reset/request body (contractors → admin). */
export const AdminResetRequestSchema = z.object({
  email: z.string().trim().max(254),
  redirect_url: z.string().max(2000).optional(),
});
/** POST /internal/password-reset/complete body (contractors → admin). */
export const AdminResetCompleteSchema = z.object({ token: z.string().min(1).max(200), password: z.string().max(1024) });
/** What a session resolve answers: whose session it is, and until when (the gateway caches no longer). */
const ResolvedSessionSchema = z.object({ account_id: z.string(), expires_at: z.string() });

/** A price an admin set, as wallet-ledger lists it: one tier of a matrix row ('' sub_service = industry row). */
export const InternalLeadPriceSchema = z.object({
  category: z.string(),
  sub_service: z.string(),
  lead_type: z.string(),
  price_cents: z.number().int(),
});

/** What a price change (PUT) or reset (DELETE) of one tier answers: the tier and its price before and after. */
const leadPriceChange = <New extends z.ZodType>(newPrice: New) =>
  z.object({
    category: z.string(),
    sub_service: z.string(),
    lead_type: z.enum(LEAD_TYPES),
    /** Null when the tier had no price of its own (it fell back to its industry or the default). */
    old_price_cents: z.number().int().nullable(),
    new_price_cents: newPrice,
  });

/** wallet-ledger's check of the ledger's invariants: every transaction balanced, every wallet's cached balance its entries' sum, none negative. */
export const LedgerCheckSchema = z.object({
  ok: z.boolean(),
  transactions_checked: z.number().int(),
  unbalanced: z.array(z.object({ transaction_id: z.string(), sum_cents: z.number().int() })),
  wallet_mismatches: z.array(
    z.object({
      account_id: z.string(),
      contractor_id: z.string().nullable(),
      balance_cents: z.number().int(),
      entries_cents: z.number().int(),
    }),
  ),
  negative_wallets: z.array(z.object({ account_id: z.string(), balance_cents: z.number().int() })),
});

/** Every typed internal call, by name. */
export const INTERNAL_CALLS = {
  contractorStats: internal({
    owner: 'contractors',
    method: 'GET',
    path: '/internal/stats',
    response: z.object({ total_contractors: z.number().int(), active_contractors: z.number().int() }),
  }),
  contractorConsents: internal({
    owner: 'contractors',
    method: 'GET',
    path: '/internal/contractors/:id/consents',
    response: z.object({ consents: z.array(InternalConsentSchema) }),
  }),
  leadStats: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/stats',
    response: z.object({ total_leads: z.number().int() }),
  }),
  claimedLeads: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/contractors/:id/claimed-leads',
    response: z.object({ claimed_leads: z.array(ClaimedLeadSchema) }),
  }),
  adminLeads: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/leads',
    query: InternalLeadsQuerySchema,
    response: z.object({
      leads: z.array(InternalAdminLeadSchema),
      total: z.number().int(),
      /** True when matching (the owner of offers, ADR 0013) did not answer: offered_to is then unknown, not empty. */
      offers_unavailable: z.boolean().optional(),
    }),
  }),
  leadLookup: internal({
    owner: 'lead-intake',
    method: 'POST',
    path: '/internal/leads/lookup',
    body: InternalLeadLookupRequestSchema,
    response: z.object({ leads: z.array(InternalLeadSummarySchema) }),
  }),
  walletStats: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/stats',
    response: z.object({ total_revenue_cents: z.number().int(), active_contractors: z.number().int() }),
  }),
  refunds: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/refunds',
    query: RefundListQuerySchema,
    response: z.object({ refunds: z.array(InternalRefundSchema) }),
  }),

  /**
   * One lead with its customer's contact, from its only holder: wallet-ledger asks it for a lead it has
   * just sold through a claim link, to answer the buyer in the same request (a read; nothing is
   * recorded). 404 for an unknown or deleted lead.
   */
  leadContact: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/leads/:id/contact',
    response: z.object({ lead: ClaimedLeadContactSchema }),
  }),
  // ---- offers and claim tokens belong to matching (docs/adr/0013) ----
  offerByTokenHash: internal({
    owner: 'matching',
    method: 'GET',
    path: '/internal/offers/by-token-hash/:hash',
    response: z.object({ offer: InternalOfferSchema }),
  }),
  offersOfLeads: internal({
    owner: 'matching',
    method: 'POST',
    path: '/internal/offers/of-leads',
    body: OffersOfLeadsRequestSchema,
    response: z.object({ offers: z.array(InternalOfferSchema) }),
  }),

  // ---- the dashboard's first paint: contractors asks each owner for its part (ADR 0015) ----
  walletDashboard: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/contractors/:id/dashboard',
    response: WalletFirstPaintSchema,
  }),
  leadDashboard: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/contractors/:id/dashboard',
    response: z.object({
      claimed_leads: z.array(ClaimedLeadSchema),
      bought_counts: z.record(z.enum(PURCHASED_LISTS), z.number().int()),
    }),
  }),
  /** The Available tab's count alone: the first paint's part (docs/adr/0029). */
  availableCount: internal({
    owner: 'matching',
    method: 'GET',
    path: '/internal/contractors/:id/available-count',
    response: AvailableLeadsResponseSchema.pick({ total_available: true }),
  }),

  // ---- the admin service reading and changing what other services own ----
  contractorList: internal({
    owner: 'contractors',
    method: 'GET',
    path: '/internal/contractors',
    query: ContractorListQuerySchema,
    response: z.object({ contractors: z.array(ContractorViewSchema), total: z.number().int() }),
  }),
  contractor: internal({
    owner: 'contractors',
    method: 'GET',
    path: '/internal/contractors/:id',
    response: ContractorViewSchema,
  }),
  wallet: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/wallets/:contractor_id',
    response: z.object({
      balance_cents: z.number().int(),
      auto_reload_enabled: z.boolean(),
      auto_reload_threshold_cents: z.number().int(),
      auto_reload_amount_cents: z.number().int(),
      auto_reload_disabled_reason: z.string().nullable(),
    }),
  }),
  walletStatement: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/wallets/:contractor_id/statement',
    query: WalletStatementQuerySchema,
    response: WalletStatementSchema,
  }),
  autoCredits: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/wallets/:contractor_id/auto-credits',
    response: AutoCreditsResponseSchema,
  }),
  walletSummary: internal({
    owner: 'wallet-ledger',
    method: 'POST',
    path: '/internal/wallets/summary',
    body: WalletsSummaryRequestSchema,
    response: z.object({
      wallets: z.array(
        z.object({
          contractor_id: z.string(),
          balance_cents: z.number().int(),
          leads_purchased: z.number().int(),
          total_spend_cents: z.number().int(),
        }),
      ),
    }),
  }),
  transactions: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/transactions',
    query: PageQuerySchema,
    response: z.object({
      transactions: z.array(
        z.object({
          id: z.string(),
          /** Null for a platform-only transaction (no contractor's wallet in it). */
          contractor_id: z.string().nullable(),
          type: z.string(),
          amount_cents: z.number().int(),
          date: z.string(),
          description: z.string(),
          created_by: z.string().nullable(),
        }),
      ),
      total_revenue_cents: z.number().int(),
      total: z.number().int(),
    }),
  }),
  adjustment: internal({
    owner: 'wallet-ledger',
    method: 'POST',
    path: '/internal/adjustments',
    body: AdjustmentRequestSchema,
    response: z.object({
      success: z.literal(true),
      new_balance_cents: z.number().int(),
      /** True when the idempotency key had been posted already: nothing was posted this time. */
      duplicate: z.boolean(),
    }),
  }),
  deleteContractor: internal({
    owner: 'contractors',
    method: 'DELETE',
    path: '/internal/contractors/:id',
    query: z.object({ admin_id: z.string().max(100).optional() }),
    response: z.object({ deleted: z.literal(true) }),
  }),
  /** The gateway resolving a contractor's session token (contractor id); 401 when it is not a live session. */
  contractorSession: internal({
    owner: 'contractors',
    method: 'POST',
    path: '/internal/sessions/resolve',
    body: ResolveSessionRequestSchema,
    response: ResolvedSessionSchema,
  }),
  /** The gateway resolving an API key (`lm_…`) to its contractor and scopes; 401 when unknown or revoked. */
  apiKeyResolve: internal({
    owner: 'contractors',
    method: 'POST',
    path: '/internal/api-keys/resolve',
    body: ResolveApiKeyRequestSchema,
    response: ResolvedApiKeySchema,
  }),
  /** The gateway resolving an admin's session token (admin id); 401 when it is not a live session. */
  adminSession: internal({
    owner: 'admin',
    method: 'POST',
    path: '/internal/sessions/resolve',
    body: AdminSessionResolveSchema,
    response: ResolvedSessionSchema,
  }),
  /** contractors' forgot-password for an admin: the same answer whether or not the address is an admin's. */
  adminResetRequest: internal({
    owner: 'admin',
    method: 'POST',
    path: '/internal/password-reset/request',
    body: AdminResetRequestSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  /** contractors' verify-reset-token for an admin link: a missing or unusable token is `valid: false`, not an error. */
  adminResetVerify: internal({
    owner: 'admin',
    method: 'GET',
    path: '/internal/password-reset/verify',
    query: z.object({ token: z.string() }),
    response: z.object({ valid: z.boolean() }),
  }),
  /** contractors' reset-password for an admin; 400 for a short password or an invalid or expired token. */
  adminResetComplete: internal({
    owner: 'admin',
    method: 'POST',
    path: '/internal/password-reset/complete',
    body: AdminResetCompleteSchema,
    response: z.object({ success: z.literal(true) }),
  }),
  /** A test lead (admin-utilities create_lead): the leads-submit pipeline, and its reply. */
  createLead: internal({
    owner: 'lead-intake',
    method: 'POST',
    path: '/internal/leads',
    body: InternalCreateLeadRequestSchema,
    response: LeadSubmitResponseSchema,
  }),
  deleteLead: internal({
    owner: 'lead-intake',
    method: 'DELETE',
    path: '/internal/leads/:id',
    response: z.object({ deleted: z.literal(true) }),
  }),
  siteMessages: internal({
    owner: 'lead-intake',
    method: 'GET',
    path: '/internal/site-messages',
    query: SiteMessagesQuerySchema,
    response: SiteMessagesResponseSchema,
  }),
  /** Every contractor's outcome figures per category (the operator's close rates, admin-category-outcomes). */
  categoryOutcomes: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/outcomes/by-category',
    response: CategoryOutcomesResponseSchema,
  }),
  leadPrices: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/lead-prices',
    response: z.object({ prices: z.array(InternalLeadPriceSchema), default_price_cents: z.number().int() }),
  }),
  setLeadPrice: internal({
    owner: 'wallet-ledger',
    method: 'PUT',
    path: '/internal/lead-prices',
    body: SetLeadPriceSchema,
    response: leadPriceChange(z.number().int()),
  }),
  resetLeadPrice: internal({
    owner: 'wallet-ledger',
    method: 'DELETE',
    path: '/internal/lead-prices',
    body: ResetLeadPriceSchema,
    response: leadPriceChange(z.null()),
  }),
  leadPriceHistory: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/lead-prices/history',
    query: HistoryLimitQuerySchema,
    response: z.object({
      history: z.array(
        z.object({
          category: z.string(),
          sub_service: z.string(),
          lead_type: z.string(),
          old_price_cents: z.number().int().nullable(),
          /** Null: the tier was reset to the default. */
          new_price_cents: z.number().int().nullable(),
          timestamp: z.string(),
          admin_id: z.string().nullable(),
        }),
      ),
    }),
  }),
  refundDecision: internal({
    owner: 'wallet-ledger',
    method: 'POST',
    path: '/internal/refunds/:id/decision',
    body: RefundDecisionSchema,
    response: z.object({ success: z.literal(true), status: z.enum(['approved', 'rejected']) }),
  }),
  autoCreditReversal: internal({
    owner: 'wallet-ledger',
    method: 'POST',
    path: '/internal/auto-credits/:credit_id/reversal',
    body: InternalReverseAutoCreditSchema,
    /** The states before and after, for the admin's audit entry. */
    response: z.object({
      contractor_id: z.string(),
      before: z.object({
        status: z.string(),
        balance_cents: z.number().int(),
        amount_cents: z.number().int(),
        rule: z.string(),
      }),
      after: z.object({ status: z.string(), balance_cents: z.number().int(), notes: z.string() }),
    }),
  }),
  ledgerCheck: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/ledger-check',
    response: LedgerCheckSchema,
  }),
  /**
   * Who bought a lead, from the sale's owner: lead-intake asks it when a buyer wants a contact it has
   * not yet learnt was sold to them (LeadPurchased still on its way). A read; 404 while unsold.
   */
  leadSale: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/leads/:lead_id/sale',
    response: z.object({
      lead_id: z.string().uuid(),
      contractor_id: z.string(),
      purchase_id: z.string().uuid(),
      price_cents: z.number().int(),
      /** 'refunded' once refunded; the contact stays the buyer's either way. */
      status: z.string(),
      purchased_at: z.string(),
    }),
  }),
  /** The buyer's receipt of a sold lead, as the admin reads it; 404 if never bought. */
  leadReceipt: internal({
    owner: 'wallet-ledger',
    method: 'GET',
    path: '/internal/leads/:lead_id/receipt',
    response: LeadReceiptSchema,
  }),
} as const;

export type InternalCallName = keyof typeof INTERNAL_CALLS;
type Def<N extends InternalCallName> = (typeof INTERNAL_CALLS)[N];
/** What the owner answers to call `N`. */
export type InternalResponse<N extends InternalCallName> = z.infer<Def<N>['response']>;
/** The query of call `N` as the caller writes it. */
export type InternalQuery<N extends InternalCallName> =
  Def<N> extends { query: z.ZodType } ? z.input<Def<N>['query']> : never;
/** The body of call `N` as the caller writes it. */
export type InternalBody<N extends InternalCallName> =
  Def<N> extends { body: z.ZodType } ? z.input<Def<N>['body']> : never;
/** The `:name` segments of call `N`'s path. */
export type InternalParams<N extends InternalCallName> = [ParamNames<Def<N>['path']>] extends [never]
  ? Record<string, never>
  : { [K in ParamNames<Def<N>['path']>]: string };
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Call `N`'s path with its `:name` segments filled in (URL-encoded). */
export function internalPath<N extends InternalCallName>(name: N, params: InternalParams<N>): string {
  return INTERNAL_CALLS[name].path.replace(/:([a-z_]+)/g, (_, key: string) =>
    encodeURIComponent((params as Record<string, string>)[key] ?? ''),
  );
}
