import { INTERNAL_HEADERS, type ServiceName } from '@leadmarket/contracts';
import { Agent } from 'undici';
import { currentCorrelationId, currentTraceparent } from '../telemetry.js';

/** A non-2xx answer from another service, carrying its status and body so callers can pass on its message. */
export class ServiceCallError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly status: number,
    // The other service's answer as it sent it (its message, field, extra facts): callers read what they need.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON of another service's error
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

/**
 * Base URL of each service, e.g. { 'wallet-ledger': 'http://127.0.0.1:4105' }; several instances as
 * a comma-separated list ('http://127.0.0.1:4140,http://127.0.0.1:4141'), balanced round-robin.
 */
export type ServiceUrls = Partial<Record<ServiceName, string>>;

/** How the connections to other services are kept (one pool per instance's origin). */
export interface ConnectionPoolOptions {
  /** Connections per instance at most; calls beyond it queue for a free one. */
  connections?: number;
  /** How long an idle connection stays open for the next call, in ms. */
  keepAliveMs?: number;
}

/**
 * 64 connections per instance: enough for the dashboard's burst (100 contractors at once fan out to
 * three services) without opening a socket per call; idle ones stay 30 s, longer than the gap
 * between a dashboard's refreshes of a busy service, shorter than the services' own 72 s keep-alive.
 */
export const DEFAULT_POOL: Required<ConnectionPoolOptions> = { connections: 64, keepAliveMs: 30_000 };

/** The request never reached the service (nothing listens there): safe to send to another instance. */
export function neverReached(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === 'ECONNREFUSED') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Internal HTTP between services, for the few answers a user is waiting on (DESIGN §2).
 * Carries the internal token, the correlation id and the trace context.
 */
export class ServiceClients {
  /**
   * Keep-alive pools, one per origin (undici's Agent): a call reuses an open connection instead of a
   * TCP set-up per call, and the number of sockets to each instance is bounded.
   */
  private readonly agent: Agent;

  constructor(
    private readonly urls: ServiceUrls,
    private readonly internalToken?: string,
    pool: ConnectionPoolOptions = {},
  ) {
    const { connections, keepAliveMs } = { ...DEFAULT_POOL, ...pool };
    this.agent = new Agent({ connections, keepAliveTimeout: keepAliveMs, keepAliveMaxTimeout: keepAliveMs });
  }

  /** Close the pooled connections (at shutdown; calls after it fail). */
  async close(): Promise<void> {
    await this.agent.close();
  }

  private readonly next = new Map<ServiceName, number>();

  /** Every instance's base URL of a service. */
  instancesOf(service: ServiceName): string[] {
    const urls = (this.urls[service] ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (urls.length === 0) throw new Error(`No URL configured for service ${service}`);
    return urls;
  }

  /** The base URL of the service's next instance (round-robin), skipping those already `tried` for this call. */
  urlOf(service: ServiceName, tried: readonly string[] = []): string {
    const urls = this.instancesOf(service);
    const start = this.next.get(service) ?? 0;
    this.next.set(service, (start + 1) % urls.length);
    for (let k = 0; k < urls.length; k++) {
      const url = urls[(start + k) % urls.length]!;
      if (!tried.includes(url)) return url;
    }
    return urls[start % urls.length]!;
  }

  /**
   * Call a service. With several instances, a call that never reached one (connection refused) is
   * sent to the next, and so is a read (GET) that failed on the way; a write that may have arrived
   * is not repeated.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a caller that names no answer type reads the JSON as sent
  async call<T = any>(service: ServiceName, path: string, options: CallOptions = {}): Promise<T> {
    const instances = this.instancesOf(service).length;
    const read = (options.method ?? (options.body === undefined ? 'GET' : 'POST')) === 'GET';
    const tried: string[] = [];
    for (let attempt = 1; ; attempt++) {
      const base = this.urlOf(service, tried);
      tried.push(base);
      try {
        return await this.callOnce<T>(base, service, path, options);
      } catch (err) {
        const retry = attempt < instances && !(err instanceof ServiceCallError) && (read || neverReached(err));
        if (!retry) throw err;
      }
    }
  }

  private async callOnce<T>(base: string, service: ServiceName, path: string, options: CallOptions): Promise<T> {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.internalToken) headers[INTERNAL_HEADERS.internalToken] = this.internalToken;
    const correlation = currentCorrelationId();
    if (correlation) headers['x-request-id'] = correlation;
    const traceparent = currentTraceparent();
    if (traceparent) headers.traceparent = traceparent;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // The call's deadline, cleared when it settles: AbortSignal.timeout left a timer per call that
    // fired later anyway, building a TimeoutError and an abort event for a call long answered.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      options.timeoutMs ?? 10_000,
    );
    let text: string;
    let statusCode: number;
    try {
      const response = await this.agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: deadline.signal,
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } finally {
      clearTimeout(timer);
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    const ok = statusCode >= 200 && statusCode < 300;
    if (!ok) throw new ServiceCallError(service, statusCode, body);
    return body as T;
  }
}
