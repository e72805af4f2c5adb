import { INTERNAL_HEADERS, type ServiceName } from '@leadmarket/contracts';
import { currentCorrelationId, currentTraceparent } from '../telemetry.js';

/** A non-2xx answer from another service, carrying its status and body so callers can pass on its message. */
export class ServiceCallError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly status: number,
    readonly body: any,
  ) {
    super(typeof body?.message === 'string' ? body.message : `${service} answered ${status}`);
    this.name = 'ServiceCallError';
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Base URL of each service, e.g. { 'wallet-ledger': 'http://127.0.0.1:4105' }. */
export type ServiceUrls = Partial<Record<ServiceName, string>>;

/**
 * Internal HTTP between services, for the few answers a user is waiting on (DESIGN §2).
 * Carries the internal token, the correlation id and the trace context.
 */
export class ServiceClients {
  constructor(
    private readonly urls: ServiceUrls,
    private readonly internalToken?: string,
  ) {}

  urlOf(service: ServiceName): string {
    const url = this.urls[service];
    if (!url) throw new Error(`No URL configured for service ${service}`);
    return url;
  }

  async call<T = any>(service: ServiceName, path: string, options: CallOptions = {}): Promise<T> {
    const url = new URL(path, this.urlOf(service));
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.internalToken) headers[INTERNAL_HEADERS.internalToken] = this.internalToken;
    const correlation = currentCorrelationId();
    if (correlation) headers['x-request-id'] = correlation;
    const traceparent = currentTraceparent();
    if (traceparent) headers.traceparent = traceparent;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    if (!response.ok) throw new ServiceCallError(service, response.status, body);
    return body as T;
  }
}
