import { randomBytes } from 'node:crypto';
import { INTERNAL_HEADERS } from '@leadmarket/contracts';
import { ServiceClients, type ServiceUrls } from '../clients/service-client.js';
import { migrateService } from '../db/migrate.js';
import type { BuildServiceOptions, BuiltService, ServiceContext, ServiceDefinition } from '../service/service.js';
import { createTestInfra, testLogger, type TestInfra } from './infra.js';

/** One service built for fastify `inject` tests: private infra, its schema migrated, never listening. */
export interface TestApp<C extends ServiceContext = ServiceContext> extends BuiltService<C> {
  infra: TestInfra;
  /** The headers the gateway adds to a request it forwards (internal token; caller identity when given). */
  headers(caller?: { contractorId?: string; adminId?: string; clientIp?: string }): Record<string, string>;
  /** Close the app (its consumers, relay and jobs) and drop the private infra. */
  close(): Promise<void>;
}

/**
 * Migrate `def`'s schema on private test infra and build it with the service's own `buildApp`
 * (the same one `startService` listens with). `inject` readies the app, which starts its relay,
 * consumers and jobs, exactly as `listen` would.
 */
export async function buildTestApp<C extends ServiceContext>(
  def: ServiceDefinition<C>,
  buildApp: (deps: BuildServiceOptions) => Promise<BuiltService<C>>,
  options: {
    env?: Record<string, string | undefined>;
    /** Other services' base URLs, for a service that calls them. */
    urls?: ServiceUrls;
    startConsumers?: boolean;
    publicBaseUrl?: string;
  } = {},
): Promise<TestApp<C>> {
  const logger = testLogger();
  const infra = await createTestInfra(logger);
  const internalToken = randomBytes(18).toString('base64url');
  try {
    await migrateService(infra.database, def.name, def.migrations);
    const publicBaseUrl = options.publicBaseUrl ?? 'http://localhost:8080';
    const built = await buildApp({
      infra,
      logger,
      clients: new ServiceClients(options.urls ?? {}, internalToken),
      env: { ...process.env, PUBLIC_BASE_URL: publicBaseUrl, ...options.env },
      publicBaseUrl,
      internalToken,
      relayPollMs: 200,
      startConsumers: options.startConsumers,
    });
    return {
      ...built,
      infra,
      headers: (caller = {}) => ({
        [INTERNAL_HEADERS.internalToken]: internalToken,
        ...(caller.contractorId ? { [INTERNAL_HEADERS.contractorId]: caller.contractorId } : {}),
        ...(caller.adminId ? { [INTERNAL_HEADERS.adminId]: caller.adminId } : {}),
        ...(caller.clientIp ? { [INTERNAL_HEADERS.clientIp]: caller.clientIp } : {}),
      }),
      async close() {
        await built.app.close();
        await infra.cleanup();
      },
    };
  } catch (error) {
    await infra.cleanup().catch(() => {});
    throw error;
  }
}
