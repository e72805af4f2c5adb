import { randomUUID } from 'node:crypto';
import {
  API_KEY_LAST_USED_RESOLUTION_SECONDS,
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  API_KEY_SCOPE_NAMES,
  MAX_API_KEYS_PER_CONTRACTOR,
  type ApiKeyScope,
  type ApiKeyView,
} from '@leadmarket/contracts';
import { conflict, hashToken, notFound, randomToken, unauthorized, type ServiceContext } from '@leadmarket/platform';
import {
  deleteApiKey,
  findApiKeyByHash,
  insertApiKeyWithin,
  listApiKeys,
  scopesOf,
  toApiKeyView,
  touchApiKey,
} from '../db/api-key.repository.js';
import type { ContractorsDatabase } from '../db/database.js';

/**
 * Personal API keys (docs/adr/0046-personal-api-keys.md): 256 random bits behind `lm_`, stored as
 * their SHA-256 only, shown once. Every call with a key is looked up here (never cached), so a key
 * deleted by its revocation is refused by every gateway on its very next call.
 */
export function apiKeys(ctx: ServiceContext<ContractorsDatabase>) {
  return {
    async create(
      contractorId: string,
      name: string,
      scopes: ApiKeyScope[],
    ): Promise<{ key: ApiKeyView; secret: string }> {
      const secret = `${API_KEY_PREFIX}${randomToken(API_KEY_RANDOM_BYTES)}`;
      // Listed in the order the scopes are defined, each once, whatever order the request sent.
      const wanted = API_KEY_SCOPE_NAMES.filter((s) => scopes.includes(s));
      const row = await ctx.transaction((trx) =>
        insertApiKeyWithin(
          trx,
          {
            id: randomUUID(),
            tokenHash: hashToken(secret),
            contractorId,
            name,
            scopes: wanted,
            lastFour: secret.slice(-4),
          },
          MAX_API_KEYS_PER_CONTRACTOR,
        ),
      );
      if (row === 'limit') throw conflict(API_KEY_MESSAGES.tooMany);
      if (!row) throw unauthorized();
      return { key: toApiKeyView(row), secret };
    },

    async list(contractorId: string): Promise<ApiKeyView[]> {
      return (await listApiKeys(ctx.db, contractorId)).map(toApiKeyView);
    },

    async revoke(contractorId: string, keyId: string): Promise<void> {
      if (!(await deleteApiKey(ctx.db, contractorId, keyId))) throw notFound(API_KEY_MESSAGES.notFound);
    },

    /** Whose live key this is and what it may do; undefined when unknown, revoked or its account deleted. */
    async resolve(
      token: string,
    ): Promise<{ contractor_id: string; key_id: string; scopes: ApiKeyScope[] } | undefined> {
      if (!API_KEY_PATTERN.test(token)) return undefined;
      const row = await findApiKeyByHash(ctx.db, hashToken(token));
      if (!row) return undefined;
      const last = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();
      // A read per call; the last-used time is written only when it is a minute old (the update checks again).
      if (Date.now() - last >= API_KEY_LAST_USED_RESOLUTION_SECONDS * 1000)
        await touchApiKey(ctx.db, row.id, API_KEY_LAST_USED_RESOLUTION_SECONDS);
      return { contractor_id: row.contractor_id, key_id: row.id, scopes: scopesOf(row.scopes) };
    },
  };
}

export type ApiKeys = ReturnType<typeof apiKeys>;
