import {
  assertProductionReady,
  BASE_PRODUCTION_REQUIREMENTS,
  createLogger,
  installProcessSafetyNet,
  loadConfig,
  MemoryKeyValueStore,
  RabbitMqEventBus,
  RedisKeyValueStore,
  ServiceClients,
  serviceUrlsFromEnv,
  startTelemetry,
} from '@leadmarket/platform';
import { SERVICE_NAMES, type ServiceName } from '@leadmarket/contracts';
import { buildGateway } from './app.js';
import { devPagesOn, GatewayConfigSchema } from './config.js';

/** The gateway as its own process (distributed mode): routes to SERVICE_URL_* and serves the SPA. */
async function main() {
  assertProductionReady(process.env, BASE_PRODUCTION_REQUIREMENTS);
  const stopTelemetry = await startTelemetry('gateway');
  const config = loadConfig(GatewayConfigSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  installProcessSafetyNet(logger);
  const urls = serviceUrlsFromEnv(process.env);
  const missing = SERVICE_NAMES.filter((s) => !urls[s]);
  if (missing.length)
    throw new Error(
      `Missing service URLs: ${missing.map((s) => `SERVICE_URL_${s.toUpperCase().replace(/-/g, '_')}`).join(', ')}`,
    );
  // The gateway needs the key-value store (rate limits, session cache) and no database.
  const kv = config.REDIS_URL
    ? new RedisKeyValueStore({ url: config.REDIS_URL, prefix: config.BUS_NAMESPACE ? `${config.BUS_NAMESPACE}:` : '' })
    : new MemoryKeyValueStore();
  // With AMQP_URL the gateway reads the bus through its own transient queue for the dashboard's
  // live stream (docs/adr/0009-live-dashboard-fan-out.md); without it, dashboards poll.
  const bus = config.AMQP_URL
    ? await RabbitMqEventBus.connect({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, logger })
    : undefined;
  const clients = new ServiceClients(urls, config.INTERNAL_API_TOKEN);
  const app = await buildGateway({
    logger,
    kv,
    clients,
    internalToken: config.INTERNAL_API_TOKEN,
    webRoot: config.WEB_ROOT,
    rateLimitPerMinute: config.GATEWAY_RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: config.GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE,
    devPages: devPagesOn(config),
    production: config.NODE_ENV === 'production',
    trustProxy: config.GATEWAY_TRUST_PROXY,
    bus,
    busNamespace: config.BUS_NAMESPACE,
    metricsToken: config.METRICS_TOKEN,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    unavailableServices: async () => {
      const failed: ServiceName[] = [];
      await Promise.all(
        SERVICE_NAMES.map(async (s) => {
          // Available while at least one instance is ready.
          const answers = await Promise.all(
            clients.instancesOf(s).map((url) =>
              fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })
                .then((r) => r.ok)
                .catch(() => false),
            ),
          );
          if (!answers.some(Boolean)) failed.push(s);
        }),
      );
      return failed;
    },
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(`gateway on http://localhost:${config.PORT}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    await app.close();
    await bus?.close();
    await kv.close();
    await stopTelemetry();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
