/**
 * Personal API keys (docs/adr/0046-personal-api-keys.md): what each scope lets a key call. This map
 * is the one place that decides which functions accept `Authorization: Bearer lm_…`; the gateway
 * refuses a key on every function it does not list, and the Settings → API page and the OpenAPI
 * document read their words from it. No zod here, so the web app can import it cheaply.
 */
import type { FunctionName } from './routes.js';

export interface ApiKeyScopeDef {
  /** What a person reads (the settings page, refusals, the OpenAPI document). */
  readonly label: string;
  readonly description: string;
  readonly functions: readonly FunctionName[];
}

export const API_KEY_SCOPES = {
  'leads:read': {
    label: 'Read purchased leads',
    description: "List your bought leads and read one with its customer's contact",
    functions: ['get-purchased-leads', 'get-purchased-lead'],
  },
  'leads:write': {
    label: 'Update lead status and outcome',
    description: 'Record what came of a bought lead (won, lost…), mark it contacted or completed, or archive it',
    functions: ['update-lead-outcome', 'mark-lead-contacted', 'mark-lead-complete', 'archive-lead'],
  },
} as const satisfies Record<string, ApiKeyScopeDef>;

export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as ApiKeyScope[];

/** Every key starts with this, so a leaked one is recognisable (secret scanners) and never mistaken for a session. */
export const API_KEY_PREFIX = 'lm_';
/** Random bytes behind a key: 256 bits, so its SHA-256 is all that needs storing (no salt, no stretching). */
export const API_KEY_RANDOM_BYTES = 32;
/** `lm_` and 32 bytes in base64url. */
export const API_KEY_PATTERN = /^lm_[A-Za-z0-9_-]{43}$/;
/** Live keys a contractor may hold at once. */
export const MAX_API_KEYS_PER_CONTRACTOR = 10;
export const API_KEY_NAME_MAX = 60;
/** last_used_at is written at most this often per key: a read per call, not a write. */
export const API_KEY_LAST_USED_RESOLUTION_SECONDS = 60;

/** Whether a bearer token is meant as an API key (a session token never starts with `lm_`). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The scope that lets a key call a function, if any does. */
export function scopeOfFunction(name: string): ApiKeyScope | undefined {
  return API_KEY_SCOPE_NAMES.find((scope) => (API_KEY_SCOPES[scope].functions as readonly string[]).includes(name));
}

export const API_KEY_MESSAGES = {
  invalid:
    'This API key is not valid: it was revoked, or it was copied incompletely. Create a new key in Settings → API.',
  malformed:
    'This API key is not valid: a key starts with lm_ and is 46 characters long. Check that it was copied whole.',
  notForFunction: (fn: string) =>
    `API keys cannot be used for ${fn}. A key can only read purchased leads and update their status; sign in to the dashboard for everything else.`,
  missingScope: (label: string) =>
    `This API key does not have the "${label}" permission. Create a key with it in Settings → API.`,
  rateLimited: (perMinute: number, retryAfter: number) =>
    `Too many requests with this API key (at most ${perMinute} a minute). Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} and try again.`,
  nameRequired: `Please give the key a name (up to ${API_KEY_NAME_MAX} characters), so you can tell your keys apart.`,
  scopesRequired: 'Please choose at least one permission: Read purchased leads, or Update lead status and outcome.',
  unknownScope: 'Please choose permissions from the list: Read purchased leads, or Update lead status and outcome.',
  tooMany: `You already have ${MAX_API_KEYS_PER_CONTRACTOR} API keys, the most you can hold. Revoke one you no longer use, then create the new one.`,
  notFound: 'That API key does not exist or was already revoked.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked. Calls with it are refused from now on.',
} as const;
