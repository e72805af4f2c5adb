import {
  assertProductionReady,
  BASE_PRODUCTION_REQUIREMENTS,
  createInfra,
  createLogger,
  loadConfig,
  productionRequirementsOf,
  startTelemetry,
} from '@leadmarket/platform';
import { devPagesOn, GatewayConfigSchema } from './config.js';
import { startMarketplace } from './stack/marketplace.js';
import { ALL_SERVICES } from './stack/services.js';

/**
 * `npm start`: the whole marketplace in one process on http://localhost:8080 — every service,
 * the gateway and the built SPA, with PGlite under DATA_DIR, the in-process bus and key-value
 * store (or the real servers, if their URLs are set), and the development providers.
 */
async function main() {
  // Production: every missing variable of every service at once, before anything opens.
  assertProductionReady(process.env, [
    ...BASE_PRODUCTION_REQUIREMENTS,
    ...ALL_SERVICES.flatMap(productionRequirementsOf),
  ]);
  const stopTelemetry = await startTelemetry('leadmarket-embedded');
  const config = loadConfig(GatewayConfigSchema);
  const logger = createLogger('leadmarket', config.LOG_LEVEL);
  const started = Date.now();
  const infra = await createInfra({
    databaseUrl: config.DATABASE_URL,
    amqpUrl: config.AMQP_URL,
    redisUrl: config.REDIS_URL,
    dataDir: config.DATA_DIR,
    namespace: config.BUS_NAMESPACE,
    logger,
  });
  const marketplace = await startMarketplace({
    infra,
    logger,
    port: config.PORT,
    host: config.HOST,
    webRoot: config.WEB_ROOT,
    rateLimitPerMinute: config.GATEWAY_RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: config.GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE,
    devPages: devPagesOn(config),
    trustProxy: config.GATEWAY_TRUST_PROXY,
    relayPollMs: 500,
  });
  logger.info(
    { infra: infra.describe(), ms: Date.now() - started },
    `leadmarket is up on http://localhost:${config.PORT} (embedded${devPagesOn(config) ? '; development outbox at /dev/outbox' : ''})`,
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    logger.info('draining and stopping');
    await marketplace.stop();
    await infra.close();
    await stopTelemetry();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
