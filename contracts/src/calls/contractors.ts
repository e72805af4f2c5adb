import { z } from '../zod.js';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, API_KEY_SCOPE_NAMES, type ApiKeyScope } from '../api-keys.js';
import { FIELD_MESSAGES } from '../field-messages.js';
import { ClaimedLeadSchema, PURCHASED_LISTS } from './lead-intake.js';
import { AutoReloadSettingsSchema, GamificationSchema, PerformanceMetricsSchema } from './wallet-ledger.js';

// The catalogue lives in ../catalogue.ts (no zod, so the public pages can import it cheaply).
export * from '../catalogue.js';

/** The SMS consent wording shown beside the opt-in box; the server records this exact text with each consent (TCPA). */
export const SMS_CONSENT_WORDING =
  'I agree to receive SMS notifications about new leads. Message frequency varies; message and data rates may apply. Reply STOP to opt out.';

/** Texts the contractors service answers with where the spec shows none. */
export const CONTRACTOR_MESSAGES = {
  signupSuccess: 'Account created! Your $25 signup credit is being added to your wallet.',
  emailTaken: 'An account with this email address already exists',
  usernameTaken: 'This username is already taken',
  usernameInvalid: 'Username must be 3 to 40 characters: letters, numbers, dots, hyphens or underscores',
  zipInvalid: FIELD_MESSAGES.zipCodes,
  industryInvalid: 'Please choose a service category from the list',
  subServiceInvalid: 'Please choose a sub-service of the selected service category',
  loginInvalid: 'Invalid username or password',
  loginSuccess: 'Login successful',
  loginLocked: 'Too many failed login attempts. Please wait a minute and try again.',
  logoutSuccess: 'Logged out',
  forgotSent: 'If an account exists for that email address, a password reset link has been sent.',
  emailRequired: 'Please enter your email address',
  unknownIndustry: 'Unknown service category',
  notFound: 'Contractor not found',
  walletUnavailable: 'Wallet balance is temporarily unavailable.',
  claimedLeadsUnavailable: 'Claimed leads are temporarily unavailable.',
  reportsUnavailable: 'Reports and achievements are temporarily unavailable.',
  availableLeadsUnavailable: 'Available leads are temporarily unavailable.',
} as const;

const text = z.string().max(500);
/** Signup and profile forms may send ZIP codes as comma-separated text or as a list. */
const zipInput = z.union([z.string().max(2000), z.array(z.string().max(20)).max(200)]);

/** POST contractors-signup. Rules and their messages are checked in order by the service (domain/profile-rules). */
export const SignupRequestSchema = z.object({
  contact_name: text.optional(),
  business_name: text.optional(),
  email: text.optional(),
  phone: text.optional(),
  industry: text.optional(),
  sub_service: text.optional(),
  username: text.optional(),
  password: z.string().max(200).optional(),
  confirm_password: z.string().max(200).optional(),
  zip_codes: zipInput.optional(),
  sms_opt_in: z.boolean().optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const SignupResponseSchema = z.object({
  success: z.literal(true),
  contractor_id: z.string(),
  session_token: z.string(),
  /** False when the email or phone belonged to a deleted account: the wallet starts empty (ADR 0007). */
  signup_credit: z.boolean(),
  redirect_url: z.string(),
  message: z.string(),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST contractor-login. */
export const LoginRequestSchema = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
export const LoginResponseSchema = z.object({
  success: z.literal(true),
  session_token: z.string(),
  contractor_id: z.string(),
  redirect_url: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A contractor as the dashboard, admin and other services read it. */
export const ContractorViewSchema = z.object({
  id: z.string(),
  business_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  industry: z.string(),
  sub_service: z.string(),
  zip_codes: z.array(z.string()),
  sms_opt_in: z.boolean(),
  created_at: z.string(),
});
export type ContractorView = z.infer<typeof ContractorViewSchema>;

/** POST forgot-password. */
export const ForgotPasswordRequestSchema = z.object({
  email: z.string().max(320).optional(),
  user_type: z.enum(['contractor', 'admin']).optional(),
  redirect_url: z.string().max(2000).optional(),
});

/** GET verify-reset-token: answers `{ valid, message? }`. */
export const VerifyResetTokenQuerySchema = z.object({
  token: z.string().max(200).optional(),
  type: z.enum(['contractor', 'admin']).optional(),
});

/** POST reset-password. */
export const ResetPasswordRequestSchema = z.object({
  token: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
  confirm_password: z.string().max(200).optional(),
  type: z.enum(['contractor', 'admin']).optional(),
});

/** POST update-contractor-profile (session_token and contractor_id are checked by the gateway). */
export const UpdateProfileRequestSchema = z.object({
  business_name: text.optional(),
  contact_name: text.optional(),
  email: text.optional(),
  phone: text.optional(),
  industry: text.optional(),
  sub_service: text.optional(),
  zip_codes: zipInput.optional(),
  sms_opt_in: z.boolean().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** POST update-contractor-sms. */
export const UpdateSmsRequestSchema = z.object({ sms_opt_in: z.boolean() });

/** GET sub-services. */
export const SubServicesQuerySchema = z.object({ industry: z.string().max(100).optional() });

/** The 30-day metrics of contractor-performance-metrics (spec §3): wallet-ledger's answer. */
export const PerformanceMetricsViewSchema = PerformanceMetricsSchema;
export type PerformanceMetricsView = z.infer<typeof PerformanceMetricsViewSchema>;

/** The achievements of gamification-scoring (spec §3): wallet-ledger's answer. */
export const GamificationViewSchema = GamificationSchema;
export type GamificationView = z.infer<typeof GamificationViewSchema>;

/** auto-reload-settings as GET answers it, without its `success`. */
export const AutoReloadViewSchema = AutoReloadSettingsSchema.omit({ success: true });
export type AutoReloadView = z.infer<typeof AutoReloadViewSchema>;

/** Internal: GET wallet-ledger /internal/contractors/:id/dashboard — its part of the dashboard's first screen. */
export const WalletFirstPaintSchema = z.object({
  balance_cents: z.number().int(),
  auto_reload: AutoReloadViewSchema,
  metrics: PerformanceMetricsViewSchema,
  gamification: GamificationViewSchema,
  /** How many purchases the History tab pages through. */
  history_total: z.number().int(),
});
export type WalletFirstPaint = z.infer<typeof WalletFirstPaintSchema>;

/** The parts of the first screen, each from the service that owns it; a part not supplied is named in `missing`. */
export const DashboardPartSchema = z.enum([
  'wallet_balance',
  'claimed_leads',
  'auto_reload',
  'metrics',
  'gamification',
  'history_total',
  'bought_counts',
  'total_available',
]);
export type DashboardPart = z.infer<typeof DashboardPartSchema>;

/**
 * GET contractors-dashboard: everything the dashboard's first screen shows, in one call.
 * Parts another service could not supply are null and named in `missing` (never made up).
 */
export const DashboardResponseSchema = z.object({
  contractor: ContractorViewSchema,
  /** Whether this account was granted the signup credit (ADR 0007): the welcome page's wallet promise. */
  signup_credit: z.boolean(),
  claimed_leads: z.array(ClaimedLeadSchema).nullable(),
  /** Dollars with two decimals, from wallet-ledger; null when it could not be read. */
  wallet_balance: z.number().nullable(),
  /** wallet-ledger: the Overview's auto-reload card and the Wallet tab's settings. */
  auto_reload: AutoReloadViewSchema.nullable(),
  /** wallet-ledger: the Overview's 30-day metrics and chart. */
  metrics: PerformanceMetricsViewSchema.nullable(),
  /** wallet-ledger: the header's badges and the achievements card. */
  gamification: GamificationViewSchema.nullable(),
  /** wallet-ledger: the History tab's count. */
  history_total: z.number().int().nullable(),
  /** lead-intake: the size of each list of bought leads (the tabs' counts). */
  bought_counts: z.record(z.enum(PURCHASED_LISTS), z.number().int()).nullable(),
  /**
   * matching: the Available tab's count (its label). The cards are not on the first screen: the tab
   * asks contractors-available-leads when it opens (docs/adr/0029).
   */
  total_available: z.number().int().nullable(),
  missing: z.array(DashboardPartSchema).optional(),
  warning: z.string().optional(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/** POST contractor-auth-check: the session's contractor. */
export const AuthCheckResponseSchema = z.object({ success: z.literal(true), contractor: ContractorViewSchema });

/** POST update-contractor-profile: the profile as saved. */
export const UpdateProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contractor: ContractorViewSchema,
});

/** POST update-contractor-sms: the consent as saved. */
export const UpdateSmsResponseSchema = z.object({
  success: z.literal(true),
  sms_opt_in: z.boolean(),
  message: z.string(),
});

/** GET industries and GET sub-services: the dropdown's options. */
export const CatalogueOptionsSchema = z.array(z.object({ value: z.string(), label: z.string() }));

/** GET verify-reset-token: whether the link can still set a password, and why not. */
export const VerifyResetTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string().optional() });

/** Internal: GET /internal/contractors query. */
export const ContractorListQuerySchema = z.object({
  ids: z.string().max(20_000).optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(['newest', 'oldest']).optional().default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** Internal: POST /internal/sessions/resolve body. */
export const ResolveSessionRequestSchema = z.object({ token: z.string().min(1).max(200) });

/** Internal: POST /internal/api-keys/resolve body (the key as the caller sent it). */
export const ResolveApiKeyRequestSchema = z.object({ token: z.string().min(1).max(200) });
/** Internal: whose key it is and what it may do; 401 when it is unknown or revoked. */
export const ResolvedApiKeySchema = z.object({
  contractor_id: z.string(),
  key_id: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPE_NAMES as [ApiKeyScope, ...ApiKeyScope[]])),
});

const apiKeyScope = z.enum(API_KEY_SCOPE_NAMES as [ApiKeyScope, ...ApiKeyScope[]], {
  error: API_KEY_MESSAGES.unknownScope,
});

/** One API key as its contractor sees it: never the key itself, only its last four characters. */
export const ApiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  /** The key's last four characters, to tell it apart from the one in an integration's settings. */
  last_four: z.string(),
  created_at: z.string(),
  /** Null until first used; updated at most once a minute. */
  last_used_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>;

/** GET api-keys: the contractor's live keys, newest first, and how many may be held. */
export const ApiKeysResponseSchema = z.object({
  success: z.literal(true),
  keys: z.array(ApiKeyViewSchema),
  max_keys: z.number().int(),
});

/** POST api-keys: a name and at least one scope. */
export const CreateApiKeyRequestSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameRequired),
  scopes: z
    .array(apiKeyScope, { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPE_NAMES.length * 2, API_KEY_MESSAGES.unknownScope),
  contractor_id: z.string().optional(),
  session_token: z.string().optional(),
});

/** POST api-keys answer: the key, in clear this once only. */
export const CreateApiKeyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  key: ApiKeyViewSchema,
  /** The key itself (`lm_…`): shown once, stored only as its SHA-256. */
  secret: z.string(),
});

/** DELETE api-keys: the key to revoke, by its id. */
export const RevokeApiKeyRequestSchema = z.object({
  key_id: z.string({ error: API_KEY_MESSAGES.notFound }).trim().min(1, API_KEY_MESSAGES.notFound).max(100),
  contractor_id: z.string().optional(),
  session_token: z.string().optional(),
});
