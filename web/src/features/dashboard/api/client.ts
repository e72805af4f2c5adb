import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { FunctionName } from '@leadmarket/contracts/routes';
import { ApiError, callFunction } from '../../../lib/api';

/** Who is signed in: the contractor id of the route and the stored session token. */
export interface Session {
  contractorId: string;
  token: string;
}

/** New leads show up without a reload: every dashboard query refreshes on this interval and on focus. */
export const REFRESH_MS = 30_000;

/** The text to show for a failed call: network failures get the spec's network text, else the server's or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? MESSAGES.contractor.network : error.messageOr(fallback);
  return MESSAGES.contractor.network;
}

type Query = Record<string, string | number>;

/** GET a contractor function with the bearer token and the session fields the spec's browser sends. */
export const getAs = <T>(session: Session, name: FunctionName, query: Query = {}) =>
  callFunction<T>(name, {
    token: session.token,
    query: { contractor_id: session.contractorId, session_token: session.token, ...query },
  });

/** POST a contractor action with the bearer token and the contractor id in the body. */
export const postAs = <T>(name: FunctionName, session: Session, body: Record<string, unknown>) =>
  callFunction<T>(name, {
    method: 'POST',
    token: session.token,
    body: { contractor_id: session.contractorId, ...body },
  });

const KEY_PREFIX = 'dashboard';
type Key = readonly [typeof KEY_PREFIX, FunctionName, string, string];

/**
 * One dashboard call under SWR, keyed by the function and its query (so two hooks reading the same
 * call share one request). `enabled` false makes no call at all: the first screen comes from the
 * aggregate (contractors-dashboard), and a tab's own call runs only while that tab is open or when the
 * aggregate named its part missing.
 */
export function useDashboardQuery<T>(
  session: Session | null,
  name: FunctionName,
  query: Query,
  fetcher: (session: Session) => Promise<T>,
  enabled = true,
) {
  const key: Key | null = session && enabled ? [KEY_PREFIX, name, session.contractorId, JSON.stringify(query)] : null;
  return useSWR<T, unknown>(key, () => fetcher(session!), {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
    keepPreviousData: true,
  });
}

/** A function that revalidates every dashboard query of the current SWR cache (after each action, and after a payment return). */
export function useRefreshDashboard(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && key[0] === KEY_PREFIX), [mutate]);
}
