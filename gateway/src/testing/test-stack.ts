import { createTestInfra, TcpProxy, testLogger } from '@leadmarket/platform/testing';
import { createPostgresDatabase, type Database, type Logger, type ServiceDefinition } from '@leadmarket/platform';
import { startMarketplace } from '../stack/marketplace.js';
import type { TrustProxy } from '../trust-proxy.js';
import type { TestStack } from './stack-types.js';
import { afterAll, beforeAll } from 'vitest';

export type { ApiResponse, CallOptions, TestStack } from './stack-types.js';

/**
 * The whole marketplace for one test file: real servers when DATABASE_URL, AMQP_URL and
 * REDIS_URL are set (private database, queues and key prefix), else the embedded adapters.
 */
export async function startTestStack(
  options: {
    services?: ServiceDefinition[];
    env?: Record<string, string | undefined>;
    rateLimitPerMinute?: number;
    /** Calls per API key per minute (default the gateway's). */
    apiKeyRateLimitPerMinute?: number;
    /** Where the stack logs (default: a silent test logger); a test reads what was logged. */
    logger?: Logger;
    /** GATEWAY_TRUST_PROXY for the gateway: 'loopback' lets a test set its client address with X-Forwarded-For. */
    trustProxy?: TrustProxy;
    /** Services reach the real PostgreSQL through a TCP proxy the test can cut (`stack.databaseProxy`). */
    databaseProxy?: boolean;
    /** The built SPA the gateway serves (a folder with index.html). */
    webRoot?: string;
  } = {},
): Promise<TestStack> {
  const logger = options.logger ?? testLogger();
  const infra = await createTestInfra(logger);
  let proxy: TcpProxy | undefined;
  let proxied: Database | undefined;
  if (options.databaseProxy) {
    if (!infra.databaseUrl) {
      await infra.cleanup();
      throw new Error('a database proxy needs the real PostgreSQL (DATABASE_URL)');
    }
    const target = new URL(infra.databaseUrl);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${await proxy.start()}`;
    proxied = createPostgresDatabase({ url: target.toString(), poolSize: 10, logger });
  }
  const closeProxy = async () => {
    await proxied?.close();
    await proxy?.close();
  };
  const start = () =>
    startMarketplace({
      infra: proxied ? { ...infra, database: proxied } : infra,
      logger,
      env: { ...process.env, ...options.env },
      services: options.services,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
      apiKeyRateLimitPerMinute: options.apiKeyRateLimitPerMinute,
      relayPollMs: 200,
      trustProxy: options.trustProxy,
      webRoot: options.webRoot,
    });
  // A stack that fails to start (a migration, a port) still removes the file's database, queues and keys.
  let marketplace = await start().catch(async (err: unknown) => {
    await closeProxy().catch(() => {});
    await infra.cleanup().catch(() => {});
    throw err;
  });
  return {
    get url() {
      return marketplace.url;
    },
    infra,
    databaseProxy: proxy,
    get marketplace() {
      return marketplace;
    },
    async call(name, { method, body, query, token, headers, rawBody } = {}) {
      const target = new URL(`/.netlify/functions/${name}`, marketplace.url);
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) target.searchParams.set(k, String(v));
      const hasBody = rawBody !== undefined || body !== undefined;
      const response = await fetch(target, {
        method: method ?? (hasBody ? 'POST' : 'GET'),
        headers: {
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      const text = await response.text();
      let parsed: any = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* keep text */
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async restart() {
      await marketplace.stop();
      marketplace = await start();
    },
    async stop() {
      // The file's private database, queues and keys go even when stopping a service failed.
      try {
        await marketplace.stop();
      } finally {
        await closeProxy().catch(() => {});
        await infra.cleanup();
      }
    },
  };
}

/**
 * Starts the marketplace before a file's (or a describe block's) tests and stops it after them;
 * `use` receives it once it is up, so a test file says only what it keeps of it.
 */
export function testStackForFile(
  use: (stack: TestStack) => unknown,
  options: Parameters<typeof startTestStack>[0] = {},
): void {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack(options);
    await use(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });
}

export * from './fixtures.js';
