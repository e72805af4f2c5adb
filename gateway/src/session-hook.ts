import { looksLikeApiKey, MESSAGES, type AuthKind } from '@leadmarket/contracts';
import {
  callInternal,
  HttpError,
  ServiceCallError,
  sessionCache,
  type KeyValueStore,
  type ServiceClients,
} from '@leadmarket/platform';
import { createApiKeyHook, DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from './api-key-hook.js';
import { serviceDown } from './service-down.js';

/** Who the gateway found behind a request. */
export type Caller =
  { kind: 'public' } | { kind: 'contractor'; contractorId: string } | { kind: 'admin'; adminId: string };

export interface RequestCredentials {
  authorization?: string;
  body?: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The function called: an API key is accepted only on those its scopes list. */
  functionName?: string;
}

const bearer = (header: string | undefined) =>
  header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The session hook: resolves the caller of a contractor or admin function from its token (bearer
 * header, or `session_token` in body or query, as the spec sends them), asking the owning service
 * and caching the answer briefly in the key-value store (never past the session's expiry). Refuses with 401 or 403.
 */
export function createSessionHook(
  kv: KeyValueStore,
  clients: ServiceClients,
  apiKeyRateLimitPerMinute = DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE,
) {
  const cache = sessionCache(kv);
  const contractorOfApiKey = createApiKeyHook(kv, clients, apiKeyRateLimitPerMinute);

  async function resolve(kind: 'contractor' | 'admin', token: string, early?: EarlyRead): Promise<string | undefined> {
    const cached = await (early?.kind === kind && early.token === token ? early.read : cache.get(kind, token));
    if (cached) return cached;
    try {
      // The owner of the session: contractors for a contractor's, admin for an admin's.
      const answer = await callInternal(clients, kind === 'contractor' ? 'contractorSession' : 'adminSession', {
        body: { token },
      });
      // Cached no longer than the session lives: refused the moment it expires.
      await cache.put(kind, token, answer.account_id, undefined, new Date(answer.expires_at));
      return answer.account_id;
    } catch (error) {
      if (error instanceof ServiceCallError && error.status < 500) return undefined;
      // The session's owner is down: the caller is told which part of the site waits, not signed out.
      throw serviceDown(kind === 'contractor' ? 'contractors' : 'admin');
    }
  }

  async function authenticate(auth: AuthKind, credentials: RequestCredentials, early?: EarlyRead): Promise<Caller> {
    // An API key is refused everywhere but the functions its scopes list, public ones included.
    const apiKey = bearer(credentials.authorization);
    if (apiKey && looksLikeApiKey(apiKey)) {
      const contractorId = await contractorOfApiKey(credentials.functionName, apiKey);
      return { kind: 'contractor', contractorId: ownContractor(credentials, contractorId) };
    }
    if (auth === 'public' || auth === 'webhook') return { kind: 'public' };
    const token =
      bearer(credentials.authorization) ??
      text(credentials.body?.session_token) ??
      text(credentials.query.session_token);
    if (auth === 'admin') {
      const adminToken = bearer(credentials.authorization);
      const adminId = adminToken ? await resolve('admin', adminToken, early) : undefined;
      if (!adminId) throw new HttpError(401, MESSAGES.server.adminRequired);
      return { kind: 'admin', adminId };
    }
    if (!token) throw new HttpError(401, MESSAGES.contractor.sessionExpired);
    const contractorId = await resolve('contractor', token, early);
    if (!contractorId) throw new HttpError(401, MESSAGES.contractor.sessionExpired);
    return { kind: 'contractor', contractorId: ownContractor(credentials, contractorId) };
  }

  /**
   * Start reading the cached session of a bearer token now, beside the rate-limit check, so the two
   * key-value reads of a request are in flight together (one wait) instead of one after the other.
   * Only the cache is read: the owner is asked, if at all, by `authenticate`, after the limit let the
   * request through. A bearer token is the request's token whatever its body holds, so the read is
   * never of the wrong token; anything else (no bearer, a public function) reads nothing early.
   */
  function readEarly(auth: AuthKind, authorization: string | undefined): EarlyRead | undefined {
    if (auth === 'public' || auth === 'webhook') return undefined;
    const token = bearer(authorization);
    if (!token || looksLikeApiKey(token)) return undefined;
    const read = cache.get(auth, token);
    // Settled even when the request is refused before it is awaited (rate limit, bad body).
    read.catch(() => {});
    return { kind: auth, token, read };
  }

  return Object.assign(authenticate, { readEarly });
}

/** A contractor_id the request names must be the caller's own (the spec's browser sends it). */
function ownContractor(credentials: RequestCredentials, contractorId: string): string {
  const requested = text(credentials.body?.contractor_id) ?? text(credentials.query.contractor_id);
  if (requested && requested !== contractorId) throw new HttpError(403, MESSAGES.server.forbidden);
  return contractorId;
}

/** A session's cache entry being read ahead of `authenticate` (see readEarly). */
export interface EarlyRead {
  kind: 'contractor' | 'admin';
  token: string;
  read: Promise<string | null>;
}
