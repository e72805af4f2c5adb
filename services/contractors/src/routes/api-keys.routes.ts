import {
  API_KEY_MESSAGES,
  CreateApiKeyRequestSchema,
  functionPath,
  INTERNAL_CALLS,
  MAX_API_KEYS_PER_CONTRACTOR,
  RevokeApiKeyRequestSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, unauthorized, type ServiceApp } from '@leadmarket/platform';
import type { ApiKeys } from '../use-cases/api-keys.js';

/**
 * Settings → API: a signed-in contractor lists, creates and revokes personal API keys; the gateway
 * resolves a key per call. A key itself can never manage keys: the gateway accepts one only on the
 * functions its scopes list (contracts/src/api-keys.ts).
 */
export function registerApiKeyRoutes(app: ServiceApp, keys: ApiKeys): void {
  app.get(functionPath('api-keys'), async (request) => ({
    success: true as const,
    keys: await keys.list(contractorIdOf(request)),
    max_keys: MAX_API_KEYS_PER_CONTRACTOR,
  }));

  app.post(functionPath('api-keys'), async (request, reply) => {
    const contractorId = contractorIdOf(request);
    const { name, scopes } = CreateApiKeyRequestSchema.parse(request.body ?? {});
    const { key, secret } = await keys.create(contractorId, name, scopes);
    reply.code(201);
    return { success: true as const, message: API_KEY_MESSAGES.created, key, secret };
  });

  app.delete(functionPath('api-keys'), async (request) => {
    const contractorId = contractorIdOf(request);
    const { key_id } = RevokeApiKeyRequestSchema.parse(request.body ?? {});
    await keys.revoke(contractorId, key_id);
    return { success: true as const, message: API_KEY_MESSAGES.revoked };
  });

  app.post(INTERNAL_CALLS.apiKeyResolve.path, async (request): Promise<InternalResponse<'apiKeyResolve'>> => {
    const { token } = INTERNAL_CALLS.apiKeyResolve.body.parse(request.body ?? {});
    const resolved = await keys.resolve(token);
    if (!resolved) throw unauthorized(API_KEY_MESSAGES.invalid);
    return resolved;
  });
}
