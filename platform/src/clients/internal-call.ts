import {
  INTERNAL_CALLS,
  internalPath,
  type InternalBody,
  type InternalCallName,
  type InternalParams,
  type InternalQuery,
  type InternalResponse,
} from '@leadmarket/contracts';
import type { CallOptions, ServiceClients } from './service-client.js';

/** What a typed internal call sends: its path params, query and body as contracts declare them. */
export type InternalCallOptions<N extends InternalCallName> = {
  timeoutMs?: number;
  headers?: Record<string, string>;
} & (InternalParams<N> extends Record<string, never> ? { params?: undefined } : { params: InternalParams<N> }) &
  ([InternalQuery<N>] extends [never] ? { query?: undefined } : { query?: InternalQuery<N> }) &
  ([InternalBody<N>] extends [never] ? { body?: undefined } : { body: InternalBody<N> });

/**
 * Call an internal route declared in contracts/src/calls/internal.ts: its owner, method and path
 * come from the declaration, and the answer has the owner's declared type.
 */
export function callInternal<N extends InternalCallName>(
  clients: ServiceClients,
  name: N,
  options: InternalCallOptions<N>,
): Promise<InternalResponse<N>> {
  const def = INTERNAL_CALLS[name];
  return clients.call<InternalResponse<N>>(def.owner, internalPath(name, (options.params ?? {}) as InternalParams<N>), {
    method: def.method,
    query: options.query as CallOptions['query'],
    body: options.body,
    timeoutMs: options.timeoutMs,
    headers: options.headers,
  });
}
