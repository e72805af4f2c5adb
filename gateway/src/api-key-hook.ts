import { API_KEY_MESSAGES, API_KEY_PATTERN, API_KEY_SCOPES, scopeOfFunction } from '@leadmarket/contracts';
import {
  callInternal,
  hashToken,
  HttpError,
  ServiceCallError,
  type KeyValueStore,
  type ServiceClients,
} from '@leadmarket/platform';
import { serviceDown } from './service-down.js';

/** Calls one API key may make per minute unless GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE = 120;

/**
 * A request carrying `Authorization: Bearer lm_…` (docs/adr/0046-personal-api-keys.md): refused on
 * any function no scope lists (before anything is looked up), limited per key, then resolved by
 * contractors on every call (never cached, so a revoked key is refused on its next call by every
 * gateway) and refused a function its scopes do not cover. The key is kept in Redis only as the
 * SHA-256 inside its rate-limit counter's name.
 */
export function createApiKeyHook(kv: KeyValueStore, clients: ServiceClients, perMinute: number) {
  return async function contractorOfApiKey(functionName: string | undefined, key: string): Promise<string> {
    const scope = functionName === undefined ? undefined : scopeOfFunction(functionName);
    if (!scope) throw new HttpError(403, API_KEY_MESSAGES.notForFunction(functionName ?? 'this address'));
    if (!API_KEY_PATTERN.test(key)) throw new HttpError(401, API_KEY_MESSAGES.malformed);
    const limit = await kv.hit(`gw:apikey:${hashToken(key)}`, perMinute, 60, 'fixed');
    if (!limit.allowed)
      throw new HttpError(429, API_KEY_MESSAGES.rateLimited(perMinute, limit.retryAfterSeconds), undefined, {
        retry_after: limit.retryAfterSeconds,
      });
    let resolved;
    try {
      resolved = await callInternal(clients, 'apiKeyResolve', { body: { token: key } });
    } catch (error) {
      if (error instanceof ServiceCallError && error.status < 500) throw new HttpError(401, API_KEY_MESSAGES.invalid);
      throw serviceDown('contractors');
    }
    if (!resolved.scopes.includes(scope))
      throw new HttpError(403, API_KEY_MESSAGES.missingScope(API_KEY_SCOPES[scope].label));
    return resolved.contractor_id;
  };
}
