/**
 * The internal calls between services (docs/internal-api.md): owner, method, path and the schemas of
 * what is sent and answered. The owner types its handler's answer with InternalResponse; the caller
 * calls through callInternal (platform) and gets the same type back.
 */
import { z } from '../zod.js';
import type { ServiceName } from '../routes.js';
import { ContractorListQuerySchema, ContractorViewSchema, WalletFirstPaintSchema } from './contractors.js';
import {
  ClaimedLeadSchema,
  InternalLeadLookupRequestSchema,
  InternalLeadsQuerySchema,
  PURCHASED_LISTS,
} from './lead-intake.js';
import { AvailableLeadsResponseSchema, InternalOfferSchema, OffersOfLeadsRequestSchema } from './matching.js';
import {
  AdjustmentRequestSchema,
  AutoCreditsResponseSchema,
  InternalPurchaseSchema,
  InternalRecordPurchaseSchema,
  PageQuerySchema,
  RefundListQuerySchema,
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

  // ---- the claim page (lead-intake) buying through wallet-ledger, and a dashboard sale recorded back ----
  purchase: internal({
    owner: 'wallet-ledger',
    method: 'POST',
    path: '/internal/purchases',
    body: InternalPurchaseSchema,
    response: z.object({
      success: z.literal(true),
      purchase_id: z.string(),
      price_cents: z.number().int(),
      new_balance_cents: z.number().int(),
      /** True when this repeated a purchase the same contractor had already made (same answer, nothing charged). */
      replayed: z.boolean(),
    }),
  }),
  recordPurchase: internal({
    owner: 'lead-intake',
    method: 'POST',
    path: '/internal/leads/:id/purchase',
    body: InternalRecordPurchaseSchema,
    response: z.object({ recorded: z.literal(true) }),
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
  availableLeads: internal({
    owner: 'matching',
    method: 'GET',
    path: '/internal/contractors/:id/available-leads',
    response: AvailableLeadsResponseSchema,
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
