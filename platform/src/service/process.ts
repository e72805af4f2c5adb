import { SERVICE_NAMES, type ServiceName } from '@leadmarket/contracts';
import { z } from 'zod';
import { BaseConfigSchema, envInt, loadConfig } from '../config.js';
import { ServiceClients, type ServiceUrls } from '../clients/service-client.js';
import { createInfra } from '../infra.js';
import { createLogger } from '../logger.js';
import { assertProductionReady } from '../production.js';
import { startTelemetry } from '../telemetry.js';
import { installProcessSafetyNet } from './safety-net.js';
import { productionRequirementsOf, startService, type ServiceDefinition } from './service.js';

/** SERVICE_URL_LEAD_INTAKE=http://… for each service (distributed mode). */
export const serviceUrlEnvName = (service: ServiceName) => `SERVICE_URL_${service.toUpperCase().replace(/-/g, '_')}`;

export function serviceUrlsFromEnv(env: Record<string, string | undefined>): ServiceUrls {
  const urls: ServiceUrls = {};
  for (const name of SERVICE_NAMES) {
    const url = env[serviceUrlEnvName(name)];
    if (url) urls[name] = url;
  }
  return urls;
}

export const ProcessConfigSchema = BaseConfigSchema.extend({
  PORT: envInt(0),
  HOST: z.string().default('127.0.0.1'),
});

/** Run one service as its own process (distributed mode): config, telemetry, infra, listen; drain on SIGTERM. */
export async function runServiceProcess(def: ServiceDefinition): Promise<void> {
  // Refuse at once, before telemetry or connections, naming every missing production variable.
  try {
    assertProductionReady(process.env, productionRequirementsOf(def));
  } catch (error) {
    console.error(`${def.name} refuses to start. ${(error as Error).message}`);
    process.exit(1);
  }
  const stopTelemetry = await startTelemetry(def.name);
  const config = loadConfig(ProcessConfigSchema);
  const logger = createLogger(def.name, config.LOG_LEVEL);
  installProcessSafetyNet(logger);
  const infra = await createInfra({
    databaseUrl: config.DATABASE_URL,
    databaseSessionUrl: config.DATABASE_SESSION_URL,
    amqpUrl: config.AMQP_URL,
    redisUrl: config.REDIS_URL,
    dataDir: `${config.DATA_DIR}/${def.name}`,
    namespace: config.BUS_NAMESPACE,
    logger,
    applicationName: def.name,
    poolSize: config.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: config.DATABASE_IDLE_TX_TIMEOUT_MS,
      keepAliveMs: config.DATABASE_KEEPALIVE_MS,
    },
    amqpHeartbeatSeconds: config.AMQP_HEARTBEAT_SECONDS,
    // A broker outage at start-up is waited out (not ready meanwhile), not a crash.
    waitForBroker: true,
  });
  const running = await startService(def, {
    infra,
    logger,
    clients: new ServiceClients(serviceUrlsFromEnv(process.env), config.INTERNAL_API_TOKEN),
    publicBaseUrl: config.PUBLIC_BASE_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    host: config.HOST,
    port: config.PORT,
  });
  logger.info({ url: running.url, infra: infra.describe() }, `${def.name} listening`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    // Draining waits on connections; a blackholed one never answers. Exit anyway after the bound.
    setTimeout(() => {
      logger.warn({ timeout_ms: config.SHUTDOWN_TIMEOUT_MS }, 'drain did not finish in time; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await running.stop();
      await infra.close();
      await stopTelemetry();
    } catch (err) {
      logger.warn({ err: String(err) }, 'drain failed');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
