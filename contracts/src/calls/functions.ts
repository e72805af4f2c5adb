/**
 * What each function of the route table takes and answers: for every function and each of its
 * methods, the query or body schema and the schema of its success answer. Services answer through
 * these (platform's createApp attaches the answer schema to every function route, so a handler
 * cannot send a shape the contract does not allow) and the OpenAPI document is built from them.
 * Errors of every function have one shape: ErrorResponseSchema.
 */
import { z } from '../zod.js';
import type { FunctionName, HttpMethod } from '../routes.js';
import {
  ContactConfirmationSchema,
  ContactConfirmLeadSchema,
  ContactConfirmRequestSchema,
  ScreeningRejectionsQuerySchema,
  ScreeningRejectionsResponseSchema,
  ScreeningReleaseResponseSchema,
  ScreeningReleaseSchema,
  ScreeningRulesResponseSchema,
  ScreeningRulesSchema,
} from './screening.js';
import {
  AdminAuditLogQuerySchema,
  AdminAuditLogResponseSchema,
  AdminBalanceChangeResponseSchema,
  AdminBulkDeleteContractorsSchema,
  AdminBulkDeleteLeadsSchema,
  AdminBulkDeleteResponseSchema,
  AdminContractorPageSchema,
  AdminContractorQuerySchema,
  AdminContractorsExportQuerySchema,
  AdminContractorsQuerySchema,
  AdminContractorsResponseSchema,
  AdminCreateLeadSchema,
  AdminDeleteContractorSchema,
  AdminDeleteLeadSchema,
  AdminLeadPricingListSchema,
  AdminLeadPricingResetSchema,
  AdminLeadPricingUpdateResponseSchema,
  AdminLeadPricingUpdateSchema,
  AdminLeadReceiptSchema,
  AdminLeadsExportQuerySchema,
  AdminLeadsQuerySchema,
  AdminLeadsResponseSchema,
  AdminLoginOptionsResponseSchema,
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminLogoutResponseSchema,
  AdminPricingHistoryListSchema,
  AdminPricingHistoryQuerySchema,
  AdminPricingResponseSchema,
  AdminRefundDecisionResponseSchema,
  AdminRefundDecisionSchema,
  AdminRefundListSchema,
  AdminRefundsQuerySchema,
  AdminReverseAutoCreditSchema,
  AdminSiteMessagesQuerySchema,
  AdminStatsResponseSchema,
  AdminTestLeadResponseSchema,
  AdminTransactionsQuerySchema,
  AdminTransactionsResponseSchema,
  AdminWalletAdjustSchema,
} from './admin.js';
import { SuccessMessageSchema } from './common.js';
import {
  ApiKeysResponseSchema,
  AuthCheckResponseSchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
  RevokeApiKeyRequestSchema,
  CatalogueOptionsSchema,
  DashboardResponseSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  SubServicesQuerySchema,
  UpdateProfileRequestSchema,
  UpdateProfileResponseSchema,
  UpdateSmsRequestSchema,
  UpdateSmsResponseSchema,
  VerifyResetTokenQuerySchema,
  VerifyResetTokenResponseSchema,
} from './contractors.js';
import { INTERNAL_CALLS } from './internal.js';
import {
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointIdSchema,
  WebhookEndpointSecretResponseSchema,
  WebhookEndpointsResponseSchema,
  WebhookEndpointUpdateSchema,
  WebhookQueuedResponseSchema,
  WebhookReplaySchema,
} from './notification.js';
import {
  ContactRequestSchema,
  ContactResponseSchema,
  LeadActionRequestSchema,
  LeadClaimGetQuerySchema,
  LeadClaimPostRequestSchema,
  LeadClaimResponseSchema,
  LeadClaimStatusResponseSchema,
  PurchasedLeadQuerySchema,
  PurchasedLeadResponseSchema,
  LeadSubmitRequestSchema,
  LeadSubmitResponseSchema,
  LeadChangePhoneRequestSchema,
  LeadChangePhoneResponseSchema,
  LeadSubmitStatusQuerySchema,
  LeadSubmitStatusResponseSchema,
  MarkLeadContactedRequestSchema,
  MarkLeadContactedResponseSchema,
  PurchasedLeadsPageSchema,
  PurchasedLeadsQuerySchema,
  PurchasedLeadsResponseSchema,
  SiteMessagesResponseSchema,
  TrackPageViewRequestSchema,
  TrackPageViewResponseSchema,
  WaitlistSignupRequestSchema,
  WaitlistSignupResponseSchema,
  UpdateLeadOutcomeRequestSchema,
  UpdateLeadOutcomeResponseSchema,
} from './lead-intake.js';
import {
  AvailableLeadsQuerySchema,
  AvailableLeadsResponseSchema,
  ConfirmationRuleSchema,
  ConfirmationRulesResponseSchema,
} from './matching.js';
import {
  AutoCreditsQuerySchema,
  AutoCreditsResponseSchema,
  AutoReloadSettingsSchema,
  AutoReloadUpdateSchema,
  CategoryPricingResponseSchema,
  GamificationResponseSchema,
  HistoryQuerySchema,
  LeadReceiptQuerySchema,
  LeadReceiptSchema,
  MetricsQuerySchema,
  PerformanceMetricsSchema,
  PurchaseCreditsRequestSchema,
  PurchaseCreditsResponseSchema,
  PurchaseHistoryResponseSchema,
  PurchaseLeadRequestSchema,
  PurchaseLeadResponseSchema,
  RefundRequestsResponseSchema,
  RequestRefundResponseSchema,
  RequestRefundSchema,
  SpendCapsSchema,
  SpendCapsUpdateSchema,
  StripeWebhookEventSchema,
  StripeWebhookResponseSchema,
  VerifyReceiptRequestSchema,
  VerifyReceiptResponseSchema,
  WalletStatementQuerySchema,
  WalletStatementSchema,
  WeeklyReportsResponseSchema,
  CategoryOutcomesResponseSchema,
  OutcomeReportsResponseSchema,
} from './wallet-ledger.js';

/** One method of one function. */
export interface FunctionCallDef {
  /** One line for the reference. */
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (a provider's form post). */
  bodyType?: 'application/x-www-form-urlencoded';
  /** The JSON success answer. Absent only for a function that answers CSV alone. */
  response?: z.ZodType;
  /** Status of the success answer; 200 unless said. */
  status?: 200 | 201;
  /** The function answers text/csv (always when `response` is absent; with `format=csv` otherwise). */
  csv?: string;
  /** Webhooks: the header that carries the provider's signature. */
  signatureHeader?: 'stripe-signature' | 'x-twilio-signature';
}

/**
 * Every function of the route table (the compiler refuses a missing one), each method it has
 * (contracts/test/functions.test.ts checks they are exactly the route table's).
 */
export type FunctionCalls = { readonly [N in FunctionName]: Partial<Record<HttpMethod, FunctionCallDef>> };

/** The body of twilio-status-webhook: Twilio's form fields (SmsSid/SmsStatus are the older names). */
export const TwilioStatusCallbackSchema = z.looseObject({
  MessageSid: z.string().optional(),
  SmsSid: z.string().optional(),
  MessageStatus: z.string().optional(),
  SmsStatus: z.string().optional(),
  ErrorCode: z.string().optional(),
});
/** The query of twilio-status-webhook: the delivery the callback is about, named in the URL we gave Twilio. */
export const TwilioStatusCallbackQuerySchema = z.object({
  delivery: z.string().uuid('delivery must be the id of one of our deliveries').optional(),
});
/** Reply of twilio-status-webhook: acknowledged, and whether the message was one of ours. */
export const TwilioStatusResponseSchema = z.object({ received: z.literal(true), recorded: z.boolean() });

/** The session fields the spec's browser sends in the query or body of a contractor function (the gateway reads them). */
const SessionFieldsSchema = z.object({
  contractor_id: z.string().max(200).optional(),
  session_token: z.string().optional(),
});

export const FUNCTION_CALLS = {
  'leads-claim-get': {
    GET: {
      summary: 'The masked lead behind a claim link, with its price',
      query: LeadClaimGetQuerySchema,
      response: LeadClaimResponseSchema,
    },
  },
  'leads-claim-post': {
    POST: {
      summary: 'Buy the lead of a claim link (the link was sent to one contractor)',
      body: LeadClaimPostRequestSchema,
      response: LeadClaimResponseSchema,
    },
  },
  'leads-submit': {
    POST: {
      summary: 'Submit a lead request; screened at once, the verdict is the answer',
      body: LeadSubmitRequestSchema,
      response: LeadSubmitResponseSchema,
    },
  },
  'leads-submit-status': {
    GET: {
      summary: "A submitted request's screening outcome, for its submitter only (lead id and idempotency key)",
      query: LeadSubmitStatusQuerySchema,
      response: LeadSubmitStatusResponseSchema,
    },
  },
  'contractor-login': {
    POST: { summary: 'Sign a contractor in', body: LoginRequestSchema, response: LoginResponseSchema },
  },
  'contractors-signup': {
    POST: {
      summary: 'Create a contractor account (signed in at once)',
      body: SignupRequestSchema,
      response: SignupResponseSchema,
      status: 201,
    },
  },
  'contractors-dashboard': {
    GET: {
      summary: "The dashboard's first screen in one call",
      query: SessionFieldsSchema,
      response: DashboardResponseSchema,
    },
  },
  'forgot-password': {
    POST: {
      summary: 'Send a password reset link (the answer never says whether the account exists)',
      body: ForgotPasswordRequestSchema,
      response: SuccessMessageSchema,
    },
  },
  'contractor-waitlist-signup': {
    POST: {
      summary: 'Join the contractor waitlist',
      body: WaitlistSignupRequestSchema,
      response: WaitlistSignupResponseSchema,
    },
  },
  'track-page-view': {
    POST: {
      summary: 'Count a view of a site page',
      body: TrackPageViewRequestSchema,
      response: TrackPageViewResponseSchema,
    },
  },
  'contractor-auth-check': {
    POST: { summary: "The session's contractor", body: SessionFieldsSchema, response: AuthCheckResponseSchema },
  },
  'contractors-available-leads': {
    GET: {
      summary: 'Leads the contractor may buy now',
      query: AvailableLeadsQuerySchema,
      response: AvailableLeadsResponseSchema,
    },
  },
  'get-purchased-leads': {
    GET: {
      summary: "The contractor's bought leads: the four lists, or one page of one list when paged",
      query: PurchasedLeadsQuerySchema.partial(),
      response: z.union([PurchasedLeadsResponseSchema, PurchasedLeadsPageSchema]),
    },
  },
  'get-category-pricing': {
    GET: { summary: 'Lead prices by category and tier, in dollars', response: CategoryPricingResponseSchema },
  },
  'contractors-purchase-credits': {
    POST: {
      summary: 'Start a card payment that funds the wallet',
      body: PurchaseCreditsRequestSchema,
      response: PurchaseCreditsResponseSchema,
    },
  },
  'purchase-lead': {
    POST: {
      summary: 'Buy an available lead from the wallet',
      body: PurchaseLeadRequestSchema,
      response: PurchaseLeadResponseSchema,
    },
  },
  'archive-lead': {
    POST: { summary: 'Archive a bought lead', body: LeadActionRequestSchema, response: SuccessMessageSchema },
  },
  'mark-lead-complete': {
    POST: {
      summary: 'Mark a bought lead completed',
      body: LeadActionRequestSchema,
      response: SuccessMessageSchema,
    },
  },
  'update-contractor-sms': {
    POST: {
      summary: 'Turn lead texts on or off (the consent wording is recorded)',
      body: UpdateSmsRequestSchema,
      response: UpdateSmsResponseSchema,
    },
  },
  'contractor-performance-metrics': {
    GET: { summary: 'Purchase and contact metrics', query: MetricsQuerySchema, response: PerformanceMetricsSchema },
  },
  'gamification-scoring': {
    GET: { summary: 'Badges and achievements', query: SessionFieldsSchema, response: GamificationResponseSchema },
  },
  'auto-reload-settings': {
    GET: { summary: 'Auto-reload settings', query: SessionFieldsSchema, response: AutoReloadSettingsSchema },
    POST: {
      summary: 'Change auto-reload settings (any subset)',
      body: AutoReloadUpdateSchema,
      response: AutoReloadSettingsSchema,
    },
  },
  'get-lead-purchase-history': {
    GET: { summary: 'Purchase history, paged', query: HistoryQuerySchema, response: PurchaseHistoryResponseSchema },
  },
  industries: {
    GET: { summary: 'The service categories', response: CatalogueOptionsSchema },
  },
  'sub-services': {
    GET: { summary: 'The sub-services of a category', query: SubServicesQuerySchema, response: CatalogueOptionsSchema },
  },
  'update-contractor-profile': {
    POST: {
      summary: 'Edit the contractor profile',
      body: UpdateProfileRequestSchema,
      response: UpdateProfileResponseSchema,
    },
  },

  'admin-contractors': {
    GET: {
      summary: 'Contractors with wallet figures, paged',
      query: AdminContractorsQuerySchema,
      response: AdminContractorsResponseSchema,
    },
  },
  'admin-leads': {
    GET: {
      summary: 'Leads with their assignments, paged',
      query: AdminLeadsQuerySchema,
      response: AdminLeadsResponseSchema,
    },
  },
  'admin-transactions': {
    GET: {
      summary: 'Wallet transactions, paged',
      query: AdminTransactionsQuerySchema,
      response: AdminTransactionsResponseSchema,
    },
  },
  'admin-pricing': {
    GET: { summary: 'Lead prices as a category → tier map', response: AdminPricingResponseSchema },
  },
  'admin-wallet-adjust': {
    POST: {
      summary: "Credit or deduct a contractor's wallet",
      body: AdminWalletAdjustSchema,
      response: AdminBalanceChangeResponseSchema,
    },
  },
  'admin-delete-contractor': {
    DELETE: {
      summary: 'Delete a contractor (contractor_id in body or query)',
      body: AdminDeleteContractorSchema,
      response: SuccessMessageSchema,
    },
  },
  'admin-bulk-delete-contractors': {
    DELETE: {
      summary: 'Delete several contractors',
      body: AdminBulkDeleteContractorsSchema,
      response: AdminBulkDeleteResponseSchema,
    },
  },
  'admin-utilities': {
    POST: {
      summary: 'Create a test lead (action create_lead)',
      body: AdminCreateLeadSchema,
      response: AdminTestLeadResponseSchema,
    },
  },
  'admin-delete-lead': {
    DELETE: {
      summary: 'Delete a lead (lead_id in body or query)',
      body: AdminDeleteLeadSchema,
      response: SuccessMessageSchema,
    },
  },
  'admin-bulk-delete-leads': {
    DELETE: {
      summary: 'Delete several leads',
      body: AdminBulkDeleteLeadsSchema,
      response: AdminBulkDeleteResponseSchema,
    },
  },
  'admin-lead-pricing': {
    GET: { summary: 'Every price, one row per category or trade and tier', response: AdminLeadPricingListSchema },
    PUT: {
      summary: 'Set a price (zero only with confirm_zero)',
      body: AdminLeadPricingUpdateSchema,
      response: AdminLeadPricingUpdateResponseSchema,
    },
    DELETE: {
      summary: 'Reset a price to its default (body or query)',
      body: AdminLeadPricingResetSchema,
      response: AdminLeadPricingUpdateResponseSchema,
    },
  },
  'admin-pricing-history': {
    GET: {
      summary: 'Price changes, newest first',
      query: AdminPricingHistoryQuerySchema,
      response: AdminPricingHistoryListSchema,
    },
  },
  'admin-refund-management': {
    GET: { summary: 'Refund requests', query: AdminRefundsQuerySchema, response: AdminRefundListSchema },
    POST: {
      summary: 'Approve or reject a refund request',
      body: AdminRefundDecisionSchema,
      response: AdminRefundDecisionResponseSchema,
    },
  },

  contact: {
    POST: { summary: 'Send a contact message', body: ContactRequestSchema, response: ContactResponseSchema },
  },
  'reset-password': {
    POST: {
      summary: 'Set a new password with a reset link',
      body: ResetPasswordRequestSchema,
      response: SuccessMessageSchema,
    },
  },
  'verify-reset-token': {
    GET: {
      summary: 'Whether a reset link is still good',
      query: VerifyResetTokenQuerySchema,
      response: VerifyResetTokenResponseSchema,
    },
  },
  'contractor-logout': {
    POST: { summary: 'End the contractor session', body: SessionFieldsSchema, response: SuccessMessageSchema },
  },
  'weekly-reports': {
    GET: { summary: 'Weekly reports', query: SessionFieldsSchema, response: WeeklyReportsResponseSchema },
  },
  'request-refund': {
    POST: {
      summary: 'Ask for a refund of a bought lead',
      body: RequestRefundSchema,
      response: RequestRefundResponseSchema,
    },
  },
  'get-wallet-statement': {
    GET: {
      summary: 'The wallet statement, paged (or the whole of it as CSV with format=csv)',
      query: WalletStatementQuerySchema,
      response: WalletStatementSchema,
      csv: 'The whole statement as a CSV download (format=csv)',
    },
  },
  'leads-claim-status': {
    GET: {
      summary: 'Where a claim link stands for its own contractor',
      query: LeadClaimGetQuerySchema,
      response: LeadClaimStatusResponseSchema,
    },
  },
  'get-refund-requests': {
    GET: { summary: 'Refund requests', query: SessionFieldsSchema, response: RefundRequestsResponseSchema },
  },
  'get-auto-credits': {
    GET: {
      summary: 'Automatic credits and the rules that grant them',
      query: AutoCreditsQuerySchema,
      response: AutoCreditsResponseSchema,
    },
  },
  'get-purchased-lead': {
    GET: {
      summary: 'One bought lead with its contact, as soon as the sale is committed',
      query: PurchasedLeadQuerySchema,
      response: PurchasedLeadResponseSchema,
    },
  },
  'mark-lead-contacted': {
    POST: {
      summary: 'Record the first contact with a bought lead',
      body: MarkLeadContactedRequestSchema,
      response: MarkLeadContactedResponseSchema,
    },
  },
  'stripe-webhook': {
    POST: {
      summary: "Stripe's events (checkout completed credits the wallet)",
      body: StripeWebhookEventSchema,
      response: StripeWebhookResponseSchema,
      signatureHeader: 'stripe-signature',
    },
  },
  'twilio-status-webhook': {
    POST: {
      summary: "Twilio's delivery status of a text we sent",
      query: TwilioStatusCallbackQuerySchema,
      body: TwilioStatusCallbackSchema,
      bodyType: 'application/x-www-form-urlencoded',
      response: TwilioStatusResponseSchema,
      signatureHeader: 'x-twilio-signature',
    },
  },
  'admin-login': {
    POST: { summary: 'Sign an admin in', body: AdminLoginRequestSchema, response: AdminLoginResponseSchema },
  },
  'admin-login-options': {
    GET: { summary: 'Whether the login needs an email', response: AdminLoginOptionsResponseSchema },
  },
  'admin-logout': {
    POST: { summary: 'End the admin session', response: AdminLogoutResponseSchema },
  },
  'admin-stats': {
    GET: { summary: 'Totals for the admin overview', response: AdminStatsResponseSchema },
  },
  'admin-site-messages': {
    GET: {
      summary: 'Waitlist entries or contact messages, newest first',
      query: AdminSiteMessagesQuerySchema,
      response: SiteMessagesResponseSchema,
    },
  },
  'admin-ledger-check': {
    GET: { summary: 'Whether every wallet agrees with its ledger', response: INTERNAL_CALLS.ledgerCheck.response },
  },
  'admin-audit-log': {
    GET: {
      summary: 'Admin actions, filtered and paged',
      query: AdminAuditLogQuerySchema,
      response: AdminAuditLogResponseSchema,
    },
  },
  'admin-contractor': {
    GET: {
      summary: "One contractor's page: profile, statement, leads, refunds, credits, consent",
      query: AdminContractorQuerySchema,
      response: AdminContractorPageSchema,
    },
  },
  'admin-reverse-auto-credit': {
    POST: {
      summary: 'Take back an automatic credit',
      body: AdminReverseAutoCreditSchema,
      response: AdminBalanceChangeResponseSchema,
    },
  },
  'admin-leads-export': {
    GET: { summary: 'Every matching lead as CSV', query: AdminLeadsExportQuerySchema, csv: 'The leads as CSV' },
  },
  'admin-contractors-export': {
    GET: {
      summary: 'Every matching contractor as CSV',
      query: AdminContractorsExportQuerySchema,
      csv: 'The contractors as CSV',
    },
  },

  'get-lead-receipt': {
    GET: {
      summary: 'The receipt (proof of exclusivity) of a bought lead',
      query: LeadReceiptQuerySchema,
      response: LeadReceiptSchema,
    },
  },
  'verify-lead-receipt': {
    POST: {
      summary: 'Check a receipt code (anyone)',
      body: VerifyReceiptRequestSchema,
      response: VerifyReceiptResponseSchema,
    },
  },
  'spend-caps': {
    GET: { summary: 'Spend caps and what was spent', query: SessionFieldsSchema, response: SpendCapsSchema },
    POST: { summary: 'Change spend caps', body: SpendCapsUpdateSchema, response: SpendCapsSchema },
  },
  'admin-lead-receipt': {
    GET: {
      summary: 'The receipt of a sold lead, with lead and buyer',
      query: LeadReceiptQuerySchema,
      response: AdminLeadReceiptSchema,
    },
  },
  'api-keys': {
    GET: {
      summary: 'Your API keys (never the keys themselves)',
      query: SessionFieldsSchema,
      response: ApiKeysResponseSchema,
    },
    POST: {
      summary: 'Create an API key with a name and permissions; the key is in this answer only',
      body: CreateApiKeyRequestSchema,
      response: CreateApiKeyResponseSchema,
      status: 201,
    },
    DELETE: { summary: 'Revoke an API key at once', body: RevokeApiKeyRequestSchema, response: SuccessMessageSchema },
  },
  'admin-screening-rejections': {
    GET: {
      summary: 'Recent rejections with their reasons, paged and filtered, and counts per reason for 7 days',
      query: ScreeningRejectionsQuerySchema,
      response: ScreeningRejectionsResponseSchema,
    },
  },
  'admin-screening-release': {
    POST: {
      summary: 'Release a wrongly rejected lead: it becomes valid, priced, matched and offered',
      body: ScreeningReleaseSchema,
      response: ScreeningReleaseResponseSchema,
    },
  },
  'admin-screening-rules': {
    GET: { summary: 'The screening rules an operator tunes', response: ScreeningRulesResponseSchema },
    PUT: { summary: 'Change the screening rules', body: ScreeningRulesSchema, response: ScreeningRulesResponseSchema },
  },
  'admin-confirmation-rules': {
    GET: {
      summary: "Each category's phone confirmation rule (offer at once, or only confirmed requests)",
      response: ConfirmationRulesResponseSchema,
    },
    PUT: {
      summary: "Set one category's phone confirmation rule",
      body: ConfirmationRuleSchema,
      response: ConfirmationRulesResponseSchema,
    },
  },
  'leads-change-phone': {
    POST: {
      summary: 'Give the right phone number for a request not yet bought; a new code is texted to it',
      body: LeadChangePhoneRequestSchema,
      response: LeadChangePhoneResponseSchema,
    },
  },
  'leads-confirm-phone': {
    POST: {
      summary: "Confirm a request's phone with the texted code or the one-tap link",
      body: ContactConfirmRequestSchema,
      response: ContactConfirmationSchema,
    },
  },
  'leads-confirm-status': {
    GET: {
      summary: "Where a request's phone confirmation stands",
      query: ContactConfirmLeadSchema,
      response: ContactConfirmationSchema,
    },
  },
  'leads-confirm-resend': {
    POST: {
      summary: 'Text a new confirmation code (a few per request, a minute apart)',
      body: ContactConfirmLeadSchema,
      response: ContactConfirmationSchema,
    },
  },
  'update-lead-outcome': {
    POST: {
      summary:
        "Update a bought lead's status and outcome (contacted, quoted, won with its job value, lost with a reason, never reached)",
      body: UpdateLeadOutcomeRequestSchema,
      response: UpdateLeadOutcomeResponseSchema,
    },
  },
  'get-outcome-reports': {
    GET: {
      summary: 'Close rate and ROI from recorded outcomes, in all and by category and ZIP',
      response: OutcomeReportsResponseSchema,
    },
  },
  'admin-category-outcomes': {
    GET: { summary: 'Close rates and ROI per category, every contractor', response: CategoryOutcomesResponseSchema },
  },
  'webhook-endpoints': {
    GET: {
      summary: "The contractor's webhook endpoints",
      query: SessionFieldsSchema,
      response: WebhookEndpointsResponseSchema,
    },
    POST: {
      summary: 'Add a webhook endpoint; its signing secret is in this answer only',
      body: WebhookEndpointCreateSchema,
      response: WebhookEndpointSecretResponseSchema,
      status: 201,
    },
    PUT: {
      summary: 'Change a webhook endpoint (address, events) or enable it again',
      body: WebhookEndpointUpdateSchema,
      response: WebhookEndpointsResponseSchema,
    },
    DELETE: {
      summary: 'Remove a webhook endpoint (its pending deliveries are dropped)',
      body: WebhookEndpointIdSchema,
      response: WebhookEndpointsResponseSchema,
    },
  },
  'webhook-endpoint-secret': {
    POST: {
      summary: "Replace an endpoint's signing secret; the new one is in this answer only",
      body: WebhookEndpointIdSchema,
      response: WebhookEndpointSecretResponseSchema,
    },
  },
  'webhook-endpoint-test': {
    POST: {
      summary: 'Send a webhook.test event to an endpoint',
      body: WebhookEndpointIdSchema,
      response: WebhookQueuedResponseSchema,
    },
  },
  'webhook-deliveries': {
    GET: {
      summary: "An endpoint's delivery log: each message with every attempt's status, time and duration",
      query: WebhookDeliveriesQuerySchema,
      response: WebhookDeliveriesResponseSchema,
    },
  },
  'webhook-delivery-replay': {
    POST: {
      summary: 'Send a logged message again, with the same webhook-id',
      body: WebhookReplaySchema,
      response: WebhookQueuedResponseSchema,
    },
  },
} as const satisfies FunctionCalls;

/** The contract of one method of a function, if the route table gives the function that method. */
export function functionCall(name: FunctionName, method: string): FunctionCallDef | undefined {
  const calls: Partial<Record<string, FunctionCallDef>> = FUNCTION_CALLS[name];
  return Object.prototype.hasOwnProperty.call(calls, method) ? calls[method] : undefined;
}
