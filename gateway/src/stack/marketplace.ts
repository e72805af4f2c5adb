import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@leadmarket/contracts';
import {
  ServiceClients,
  startService,
  type Infra,
  type Logger,
  type RunningService,
  type ServiceApp,
  type ServiceDefinition,
  type ServiceUrls,
} from '@leadmarket/platform';
import { buildGateway } from '../app.js';
import type { TrustProxy } from '../trust-proxy.js';
import { ALL_SERVICES } from './services.js';

export interface MarketplaceOptions {
  infra: Infra;
  logger: Logger;
  env?: Record<string, string | undefined>;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  host?: string;
  webRoot?: string;
  publicBaseUrl?: string;
  services?: ServiceDefinition[];
  rateLimitPerMinute?: number;
  apiKeyRateLimitPerMinute?: number;
  devPages?: boolean;
  /** GATEWAY_TRUST_PROXY, for `npm start` as for the gateway process. */
  trustProxy?: TrustProxy;
  relayPollMs?: number;
}

export interface Marketplace {
  url: string;
  gateway: ServiceApp;
  services: Map<ServiceName, RunningService>;
  clients: ServiceClients;
  internalToken: string;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway in this process, each service on its own loopback port and
 * the gateway proxying to them exactly as in the distributed mode. Used by `npm start`
 * (embedded infra) and by the component tests (real or embedded infra).
 */
export async function startMarketplace(options: MarketplaceOptions): Promise<Marketplace> {
  const env = options.env ?? process.env;
  const internalToken = env.INTERNAL_API_TOKEN ?? randomBytes(24).toString('base64url');
  const urls: ServiceUrls = {};
  const clients = new ServiceClients(urls, internalToken);
  const services = new Map<ServiceName, RunningService>();
  const port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  const publicBaseUrl = options.publicBaseUrl ?? env.PUBLIC_BASE_URL ?? `http://localhost:${port || 8080}`;
  try {
    for (const def of options.services ?? ALL_SERVICES) {
      const running = await startService(def, {
        infra: options.infra,
        logger: options.logger,
        clients,
        env: { ...env, PUBLIC_BASE_URL: publicBaseUrl },
        publicBaseUrl,
        internalToken,
        relayPollMs: options.relayPollMs,
      });
      urls[def.name] = running.url;
      services.set(def.name, running);
    }
  } catch (error) {
    for (const s of [...services.values()].reverse()) await s.stop().catch(() => {});
    throw error;
  }
  const gateway = await buildGateway({
    logger: options.logger.child({ service: 'gateway' }),
    kv: options.infra.kv,
    clients,
    internalToken,
    webRoot: options.webRoot,
    rateLimitPerMinute: options.rateLimitPerMinute,
    apiKeyRateLimitPerMinute: options.apiKeyRateLimitPerMinute,
    devPages: options.devPages ?? env.NODE_ENV !== 'production',
    production: env.NODE_ENV === 'production',
    publicBaseUrl,
    trustProxy: options.trustProxy,
    bus: options.infra.bus,
    busNamespace: options.infra.namespace,
    metricsToken: env.METRICS_TOKEN,
    unavailableServices: async () => {
      const failed: ServiceName[] = [];
      await Promise.all(
        [...services.values()].map(async (s) => {
          // Asked over its port, as the gateway reaches it: a stopped service refuses.
          const ok = await fetch(`${s.url}/readyz`, { signal: AbortSignal.timeout(2000) })
            .then((r) => r.ok)
            .catch(() => false);
          if (!ok) failed.push(s.name);
        }),
      );
      return failed;
    },
  });
  const address = await gateway.listen({ host, port });
  return {
    url: address.replace('[::1]', '127.0.0.1'),
    gateway,
    services,
    clients,
    internalToken,
    async stop() {
      await gateway.close();
      for (const s of [...services.values()].reverse()) await s.stop();
    },
  };
}
