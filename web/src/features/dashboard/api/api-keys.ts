import type { ApiKeyView } from '@leadmarket/contracts';
import { callFunction } from '../../../lib/api';
import { getAs, postAs, useDashboardQuery, type Session } from './client';

export type { ApiKeyView };
export interface ApiKeysAnswer {
  success: true;
  keys: ApiKeyView[];
  max_keys: number;
}
export interface CreatedApiKey {
  success: true;
  message: string;
  key: ApiKeyView;
  secret: string;
}

/** api-keys (GET): the contractor's live keys, never the keys themselves. */
export const getApiKeys = (s: Session) => getAs<ApiKeysAnswer>(s, 'api-keys');

export const useApiKeys = (s: Session | null) => useDashboardQuery(s, 'api-keys', {}, getApiKeys);

/** api-keys (POST): the answer carries the key in clear, this once. */
export const createApiKey = (s: Session, name: string, scopes: string[]) =>
  postAs<CreatedApiKey>('api-keys', s, { name, scopes });

/** api-keys (DELETE): revoked at once. */
export const revokeApiKey = (s: Session, keyId: string) =>
  callFunction<{ success: true; message: string }>('api-keys', {
    method: 'DELETE',
    token: s.token,
    body: { contractor_id: s.contractorId, key_id: keyId },
  });
