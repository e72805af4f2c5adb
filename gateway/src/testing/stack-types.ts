import type { TcpProxy, TestInfra } from '@leadmarket/platform/testing';
import type { Marketplace } from '../stack/marketplace.js';

/** What a test's call through the gateway answered. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** Send this exact text as the body (malformed JSON, oversized bodies). */
  rawBody?: string;
}

export interface TestStack {
  url: string;
  infra: TestInfra;
  /** With `databaseProxy`: the TCP proxy every service reaches PostgreSQL through (cut it, never the server). */
  databaseProxy?: TcpProxy;
  marketplace: Marketplace;
  /** Call a function through the gateway, as the browser does. */
  call<T = any>(name: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /**
   * Stop every service and the gateway and start them again on the same database, broker and key
   * store (a deploy or crash-restart): `url` and `marketplace` then name the new processes' servers.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}
