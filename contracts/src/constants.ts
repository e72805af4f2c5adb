/** Business constants from §9 of both spec documents. Money is integer cents. */

export const SIGNUP_CREDIT_CENTS = 2500;
export const ABOUT_PAGE_FREE_LEADS = 3;
export const CONTRACTORS_PER_LEAD = 1;
export const DUPLICATE_WINDOW_DAYS = 30;
export const ZIP_CODE_LENGTH = 5;
export const SIGNUP_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
export const RESET_REDIRECT_MS = 3000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const TESTIMONIAL_ROTATION_MS = 5000;
export const STATS_ANIMATION_STEPS = 125;
export const STATS_ANIMATION_INTERVAL_MS = 16;
export const LANDING_STATS = { leadsDelivered: 12457, avgResponseMinutes: 10, satisfactionPercent: 98 } as const;
export const LEGAL_PAGES_DATE = 'Aug 1, 2025';
export const COPYRIGHT_YEAR = 2024;
export const DISMISS_STICKY_SIGNUP_KEY = 'dismiss_sticky_signup';
export const SESSION_TOKEN_KEY = 'contractor_session_token';
export const CONTRACTOR_ID_KEY = 'contractor_id';

export const URGENCIES = ['Standard', 'Premium', 'Emergency'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const LEAD_TYPES = ['standard', 'premium', 'emergency'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
/** A lead's price tier follows the urgency the customer chose. */
export const LEAD_TYPE_OF_URGENCY: Record<Urgency, LeadType> = {
  Standard: 'standard',
  Premium: 'premium',
  Emergency: 'emergency',
};
export const WAITLIST_TRADES = ['plumbing', 'hvac', 'roofing', 'other'] as const;

export const FUNDING_MIN_CENTS = 100_00;
export const FUNDING_MAX_CENTS = 10_000_00;
export const AUTO_RELOAD_DEFAULTS = { enabled: false, thresholdDollars: 20, amountDollars: 100 } as const;
export const AUTO_RELOAD_THRESHOLD_RANGE = { min: 10, max: 500 } as const;
export const AUTO_RELOAD_AMOUNT_RANGE = { min: 100, max: 1000 } as const;
export const DEFAULT_LEAD_PRICE_CENTS = 20_00;
/** Display tiers of a price (dashboards §9): 100+ Emergency, 35+ Premium, else Standard. */
export const PRICE_TIER_THRESHOLDS_CENTS = { emergency: 100_00, premium: 35_00 } as const;

export const HISTORY_PAGE_SIZE = 25;
export const HISTORY_MAX_PAGE_BUTTONS = 5;
export const METRICS_WINDOW_DAYS = 30;
export const CHART_DAYS = 7;
export const WEEKLY_SUMMARY_WEEKS = 5;
export const GOOD_RESPONSE_MINUTES = 5;
export const GOOD_RESPONSE_SCORE = 80;
export const HIGHLIGHT_ROI_RATIO = 4;
export const WALLET_BAR_FULL_CENTS = 100_00;
export const CARD_DESCRIPTION_MAX = 100;

export const ADMIN_REFRESH_MS = 30_000;
export const ADMIN_BANNER_SHORT_MS = 3000;
export const ADMIN_BANNER_LONG_MS = 5000;
export const ADMIN_PRICING_HISTORY_SHOWN = 10;
/** Every status a lead can be in (lead-intake's lifecycle), for the admin status filter. */
export const ADMIN_LEAD_STATUSES = [
  'screening',
  'rejected',
  'available',
  'purchased',
  'completed',
  'archived',
  'expired',
] as const;
/** Rows per page of the admin Leads and Contractors tables. */
export const ADMIN_PAGE_SIZE = 25;
/** Date orders of the admin lists. */
export const ADMIN_SORTS = ['newest', 'oldest'] as const;

/** Defaults of the server-side limits this product adds (each overridable by configuration). */
export const LEAD_SUBMIT_RATE = { limit: 5, windowSeconds: 600 } as const;
export const OFFERS_PER_LEAD = 5;
export const CLAIM_TOKEN_TTL_HOURS = 72;
/** How long leads-submit waits for screening's answer before it answers "pending". */
export const SCREENING_WAIT_MS = 1500;

/**
 * What a channel turned off in production answers (503) and what the dashboard shows instead of
 * offering it (PAYMENTS_DISABLED, EMAIL_DISABLED; docs/adr/0003-production-channels.md).
 */
export const CHANNEL_OFF_MESSAGES = {
  funding:
    'Adding funds is unavailable right now: card payments are turned off. Your balance is unchanged; please try again later or contact support.',
  resetEmail:
    'Password reset by email is unavailable right now: email is turned off. Please contact support to reset your password.',
} as const;

/**
 * The Available tab lists at most this many leads, newest first; `total_available` counts them all.
 * A contractor reads tens of leads, not thousands, and one first paint must not carry a backlog.
 */
export const AVAILABLE_LEADS_SHOWN = 100;

/** Digits of the code texted to confirm a customer's phone (docs/adr/0045-phone-confirmed-before-the-offer.md). */
export const CONFIRMATION_CODE_LENGTH = 6;
