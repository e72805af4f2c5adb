/**
 * One catalogue of field messages for browser and server: what a person is told about a field
 * says what to do, in words they know — never the wire name (`zip_code`, `customer_name`). The
 * zod error map (zod-messages.ts) builds its texts from here, and the forms use the same texts
 * for their own checks, so a customer reads the same sentence whichever side caught the mistake.
 */

/** Limits of the lead forms' text fields (the server's schema and the page's counters share them). */
export const LEAD_FIELD_LIMITS = {
  customer_name: 120,
  phone: 40,
  email: 254,
  description: 5000,
  contractor_id: 100,
} as const;

/** Fewer letters and digits than this is not a job description (screening refuses it; the forms say so first). */
export const LEAD_DESCRIPTION_MIN_CHARS = 8;

/** The human name of each wire field a person can get a message about. */
export const FIELD_LABELS: Record<string, string> = {
  // lead forms
  customer_name: 'name',
  phone: 'phone number',
  zip_code: 'ZIP code',
  service_category: 'service category',
  sub_service: 'service',
  description: 'description of what you need',
  email: 'email address',
  urgency: 'urgency',
  contractor_id: 'contractor ID',
  idempotency_key: 'form reference',
  // signup, login, password reset
  contact_name: 'name',
  business_name: 'business name',
  industry: 'industry',
  username: 'username',
  password: 'password',
  confirm_password: 'password confirmation',
  zip_codes: 'ZIP codes',
  sms_opt_in: 'SMS choice',
  user_type: 'account type',
  redirect_url: 'return address',
  token: 'link',
  type: 'account type',
  // waitlist and contact
  first_name: 'first name',
  last_name: 'last name',
  company: 'company',
  trade: 'trade',
  name: 'name',
  message: 'message',
  subject: 'subject',
  page_path: 'page address',
};

/** Fields chosen from a list: "Please choose …" rather than "Please enter …". */
const CHOSEN_FIELDS = new Set([
  'service_category',
  'sub_service',
  'urgency',
  'industry',
  'trade',
  'user_type',
  'type',
  'sms_opt_in',
]);

/** Where "Please enter your <label>" would read badly. */
const REQUIRED_TEXT: Record<string, string> = {
  description: 'Please describe what you need',
  zip_code: 'Please enter a 5-digit ZIP code',
  token: 'This link is incomplete. Please use the link from your email again.',
};

/** The last named segment of a path (array indexes say nothing to a person). */
function fieldOf(path: readonly PropertyKey[] | undefined): string | undefined {
  const named = (path ?? []).filter((p) => typeof p === 'string') as string[];
  return named[named.length - 1];
}

/** The human label of a field path; an unknown wire name is still written as words. */
export function fieldLabel(path: readonly PropertyKey[] | string | undefined): string {
  const field = typeof path === 'string' ? path : fieldOf(path);
  if (!field) return 'value';
  return FIELD_LABELS[field] ?? field.replace(/[_-]+/g, ' ').trim();
}

const fieldName = (path: readonly PropertyKey[] | string | undefined) =>
  typeof path === 'string' ? path : (fieldOf(path) ?? '');

/** The message builders the zod error map and the forms share. */
export const FIELD_MESSAGES = {
  required: (path: readonly PropertyKey[] | string | undefined) => {
    const field = fieldName(path);
    if (REQUIRED_TEXT[field]) return REQUIRED_TEXT[field];
    return CHOSEN_FIELDS.has(field) ? `Please choose the ${fieldLabel(path)}` : `Please enter your ${fieldLabel(path)}`;
  },
  invalid: (path: readonly PropertyKey[] | string | undefined) =>
    CHOSEN_FIELDS.has(fieldName(path))
      ? `Please choose the ${fieldLabel(path)} from the list`
      : `Please enter a valid ${fieldLabel(path)}`,
  tooShort: (path: readonly PropertyKey[] | string | undefined, min: number) =>
    `Please enter at least ${min} characters for the ${fieldLabel(path)}`,
  tooLong: (path: readonly PropertyKey[] | string | undefined, max: number) =>
    `Please shorten the ${fieldLabel(path)} to ${max.toLocaleString('en-US')} characters or fewer`,
  tooFewItems: (path: readonly PropertyKey[] | string | undefined, min: number) =>
    `Please give at least ${min} ${fieldLabel(path)}`,
  tooManyItems: (path: readonly PropertyKey[] | string | undefined, max: number) =>
    `Please give no more than ${max} ${fieldLabel(path)}`,
  tooSmallNumber: (path: readonly PropertyKey[] | string | undefined, min: number) =>
    `Please enter a ${fieldLabel(path)} of at least ${min}`,
  tooBigNumber: (path: readonly PropertyKey[] | string | undefined, max: number) =>
    `Please enter a ${fieldLabel(path)} of at most ${max}`,
  unknownFields: 'This request contains information we do not accept. Please reload the page and try again.',
  /** Fixed texts for the fields the public forms check themselves. */
  zipCode: 'Please enter a 5-digit ZIP code',
  email: 'Please enter a valid email address',
  phoneDigits: 'Please enter a phone number with at least 10 digits, including the area code',
  zipCodes: 'Please enter 5-digit ZIP codes, separated by commas',
} as const;
