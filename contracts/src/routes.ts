/**
 * The route table: every function the browser (or a provider's webhook) may call under
 * `/.netlify/functions/<name>`, with the service that owns it and who may call it.
 * The gateway routes by this table and nothing else; tests iterate it to prove that every
 * contractor and admin function refuses callers without the right session.
 */

/** Every deployable service; also the name of its database schema (with '-' as '_'). */
export const SERVICE_NAMES = [
  'lead-intake',
  'screening',
  'contractors',
  'matching',
  'wallet-ledger',
  'notification',
  'admin',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** What each service is to a person reading a page: the words of its "temporarily unavailable" answer. */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  'lead-intake': 'lead requests',
  screening: 'lead screening',
  contractors: 'contractor accounts and sign-in',
  matching: 'available leads',
  'wallet-ledger': 'payments, wallets and lead purchases',
  notification: 'notifications',
  admin: 'the admin desk',
};

/** How long a caller is told to wait (Retry-After) when the service behind a function is down. */
export const SERVICE_DOWN_RETRY_AFTER_SECONDS = 30;

/** Who may call a function: anyone, a contractor with a session, an admin with a session, or a provider (signature-checked by the owner). */
export type AuthKind = 'public' | 'contractor' | 'admin' | 'webhook';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  readonly methods: readonly HttpMethod[];
  readonly service: ServiceName;
  readonly auth: AuthKind;
  /** Where the function comes from: a spec §7 table, or what the spec implies. */
  readonly source: 'spec-public' | 'spec-dashboard' | 'implied';
}

const route = (
  service: ServiceName,
  auth: AuthKind,
  methods: readonly HttpMethod[],
  source: RouteDefinition['source'],
): RouteDefinition => ({ service, auth, methods, source });

export const ROUTES = {
  // public-site-and-onboarding §7
  'leads-claim-get': route('lead-intake', 'public', ['GET'], 'spec-public'),
  // The claim's purchase is the sale's owner's; the page's reads stay with the lead (docs/adr/0049).
  'leads-claim-post': route('wallet-ledger', 'public', ['POST'], 'spec-public'),
  'leads-submit': route('lead-intake', 'public', ['POST'], 'spec-public'),
  'contractor-login': route('contractors', 'public', ['POST'], 'spec-public'),
  'contractors-signup': route('contractors', 'public', ['POST'], 'spec-public'),
  'contractors-dashboard': route('contractors', 'contractor', ['GET'], 'spec-public'),
  'forgot-password': route('contractors', 'public', ['POST'], 'spec-public'),
  'contractor-waitlist-signup': route('lead-intake', 'public', ['POST'], 'spec-public'),
  'track-page-view': route('lead-intake', 'public', ['POST'], 'spec-public'),

  // dashboards-and-admin §7, contractor table
  'contractor-auth-check': route('contractors', 'contractor', ['POST'], 'spec-dashboard'),
  'contractors-available-leads': route('matching', 'contractor', ['GET'], 'spec-dashboard'),
  'get-purchased-leads': route('lead-intake', 'contractor', ['GET'], 'spec-dashboard'),
  'get-category-pricing': route('wallet-ledger', 'public', ['GET'], 'spec-dashboard'),
  'contractors-purchase-credits': route('wallet-ledger', 'contractor', ['POST'], 'spec-dashboard'),
  'purchase-lead': route('wallet-ledger', 'contractor', ['POST'], 'spec-dashboard'),
  'archive-lead': route('lead-intake', 'contractor', ['POST'], 'spec-dashboard'),
  'mark-lead-complete': route('lead-intake', 'contractor', ['POST'], 'spec-dashboard'),
  'update-contractor-sms': route('contractors', 'contractor', ['POST'], 'spec-dashboard'),
  'contractor-performance-metrics': route('wallet-ledger', 'contractor', ['GET'], 'spec-dashboard'),
  'gamification-scoring': route('wallet-ledger', 'contractor', ['GET'], 'spec-dashboard'),
  'auto-reload-settings': route('wallet-ledger', 'contractor', ['GET', 'POST'], 'spec-dashboard'),
  'get-lead-purchase-history': route('wallet-ledger', 'contractor', ['GET'], 'spec-dashboard'),
  industries: route('contractors', 'public', ['GET'], 'spec-dashboard'),
  'sub-services': route('contractors', 'public', ['GET'], 'spec-dashboard'),
  'update-contractor-profile': route('contractors', 'contractor', ['POST'], 'spec-dashboard'),

  // dashboards-and-admin §7, admin list
  'admin-contractors': route('admin', 'admin', ['GET'], 'spec-dashboard'),
  'admin-leads': route('admin', 'admin', ['GET'], 'spec-dashboard'),
  'admin-transactions': route('admin', 'admin', ['GET'], 'spec-dashboard'),
  'admin-pricing': route('admin', 'admin', ['GET'], 'spec-dashboard'),
  'admin-wallet-adjust': route('admin', 'admin', ['POST'], 'spec-dashboard'),
  'admin-delete-contractor': route('admin', 'admin', ['DELETE'], 'spec-dashboard'),
  'admin-bulk-delete-contractors': route('admin', 'admin', ['DELETE'], 'spec-dashboard'),
  'admin-utilities': route('admin', 'admin', ['POST'], 'spec-dashboard'),
  'admin-delete-lead': route('admin', 'admin', ['DELETE'], 'spec-dashboard'),
  'admin-bulk-delete-leads': route('admin', 'admin', ['DELETE'], 'spec-dashboard'),
  'admin-lead-pricing': route('admin', 'admin', ['GET', 'PUT', 'DELETE'], 'spec-dashboard'),
  'admin-pricing-history': route('admin', 'admin', ['GET'], 'spec-dashboard'),
  'admin-refund-management': route('admin', 'admin', ['GET', 'POST'], 'spec-dashboard'),

  // implied by the spec but not shown in its tables
  contact: route('lead-intake', 'public', ['POST'], 'implied'),
  'reset-password': route('contractors', 'public', ['POST'], 'implied'),
  'verify-reset-token': route('contractors', 'public', ['GET'], 'implied'),
  'contractor-logout': route('contractors', 'contractor', ['POST'], 'implied'),
  'weekly-reports': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'request-refund': route('wallet-ledger', 'contractor', ['POST'], 'implied'),
  'get-wallet-statement': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'leads-claim-status': route('lead-intake', 'contractor', ['GET'], 'implied'),
  'leads-submit-status': route('lead-intake', 'public', ['GET'], 'implied'),
  'get-refund-requests': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'get-auto-credits': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'mark-lead-contacted': route('lead-intake', 'contractor', ['POST'], 'implied'),
  'get-purchased-lead': route('lead-intake', 'contractor', ['GET'], 'implied'),
  'stripe-webhook': route('wallet-ledger', 'webhook', ['POST'], 'implied'),
  'twilio-status-webhook': route('notification', 'webhook', ['POST'], 'implied'),
  'admin-login': route('admin', 'public', ['POST'], 'implied'),
  'admin-login-options': route('admin', 'public', ['GET'], 'implied'),
  'admin-logout': route('admin', 'admin', ['POST'], 'implied'),
  'admin-stats': route('admin', 'admin', ['GET'], 'implied'),
  'admin-site-messages': route('admin', 'admin', ['GET'], 'implied'),
  'admin-ledger-check': route('admin', 'admin', ['GET'], 'implied'),
  'admin-audit-log': route('admin', 'admin', ['GET'], 'implied'),
  'admin-contractor': route('admin', 'admin', ['GET'], 'implied'),
  'admin-reverse-auto-credit': route('admin', 'admin', ['POST'], 'implied'),
  'admin-leads-export': route('admin', 'admin', ['GET'], 'implied'),
  'admin-contractors-export': route('admin', 'admin', ['GET'], 'implied'),

  // Proof of exclusivity and hard spend caps
  'get-lead-receipt': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'verify-lead-receipt': route('wallet-ledger', 'public', ['POST'], 'implied'),
  'spend-caps': route('wallet-ledger', 'contractor', ['GET', 'POST'], 'implied'),
  'admin-lead-receipt': route('admin', 'admin', ['GET'], 'implied'),

  // Personal API keys, managed from a signed-in dashboard only (docs/adr/0046-personal-api-keys.md)
  'api-keys': route('contractors', 'contractor', ['GET', 'POST', 'DELETE'], 'implied'),

  // The screening desk: screening's own functions, with an admin session (docs/adr/0042-screening-desk.md)
  'admin-screening-rejections': route('screening', 'admin', ['GET'], 'implied'),
  'admin-screening-release': route('screening', 'admin', ['POST'], 'implied'),
  'admin-screening-rules': route('screening', 'admin', ['GET', 'PUT'], 'implied'),
  // The customer's phone confirmation: screening's own, public (docs/adr/0045-phone-confirmed-before-the-offer.md)
  'leads-confirm-phone': route('screening', 'public', ['POST'], 'implied'),
  'leads-confirm-status': route('screening', 'public', ['GET'], 'implied'),
  'leads-confirm-resend': route('screening', 'public', ['POST'], 'implied'),
  // The right number for a request not yet bought: lead-intake owns the contact
  'leads-change-phone': route('lead-intake', 'public', ['POST'], 'implied'),
  // Which leads each category offers: matching applies the rule, so it keeps it (docs/adr/0045-phone-confirmed-before-the-offer.md)
  'admin-confirmation-rules': route('matching', 'admin', ['GET', 'PUT'], 'implied'),

  // What happened after a sale: outcomes, close rates and ROI (docs/adr/0047-lead-outcomes.md)
  'update-lead-outcome': route('lead-intake', 'contractor', ['POST'], 'implied'),
  'get-outcome-reports': route('wallet-ledger', 'contractor', ['GET'], 'implied'),
  'admin-category-outcomes': route('admin', 'admin', ['GET'], 'implied'),

  // Webhooks to the contractor's own tools: notification delivers them (docs/integrations.md)
  'webhook-endpoints': route('notification', 'contractor', ['GET', 'POST', 'PUT', 'DELETE'], 'implied'),
  'webhook-endpoint-secret': route('notification', 'contractor', ['POST'], 'implied'),
  'webhook-endpoint-test': route('notification', 'contractor', ['POST'], 'implied'),
  'webhook-deliveries': route('notification', 'contractor', ['GET'], 'implied'),
  'webhook-delivery-replay': route('notification', 'contractor', ['POST'], 'implied'),
} as const satisfies Record<string, RouteDefinition>;

export type FunctionName = keyof typeof ROUTES;

/** The path prefix every function is served under, in the browser and inside each service. */
export const FUNCTIONS_PREFIX = '/.netlify/functions/';

export const functionPath = (name: FunctionName): string => `${FUNCTIONS_PREFIX}${name}`;

export const isFunctionName = (name: string): name is FunctionName =>
  Object.prototype.hasOwnProperty.call(ROUTES, name);

/** Function names owned by one service, for registering its handlers and for tests. */
export const functionsOf = (service: ServiceName): FunctionName[] =>
  (Object.keys(ROUTES) as FunctionName[]).filter((name) => ROUTES[name].service === service);

/** Function names callable with a given auth kind (the access-matrix tests iterate these). */
export const functionsWithAuth = (auth: AuthKind): FunctionName[] =>
  (Object.keys(ROUTES) as FunctionName[]).filter((name) => ROUTES[name].auth === auth);

/** Non-function pages a service serves through the gateway (development providers only). */
export const DEV_PAGES = {
  '/dev/outbox': 'notification',
  '/dev/checkout': 'wallet-ledger',
} as const satisfies Record<string, ServiceName>;

/** Headers the gateway sets for services; any client-sent copy is stripped at the edge. */
export const INTERNAL_HEADERS = {
  contractorId: 'x-leadmarket-contractor-id',
  adminId: 'x-leadmarket-admin-id',
  clientIp: 'x-leadmarket-client-ip',
  internalToken: 'x-leadmarket-internal-token',
} as const;
