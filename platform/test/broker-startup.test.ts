import type { ServiceName } from '@leadmarket/contracts';
import {
  buildEnvelope,
  createInfra,
  defineConsumer,
  RabbitMqEventBus,
  ServiceClients,
  startService,
  type Infra,
  type RunningService,
} from '@leadmarket/platform';
import {
  createTestInfra,
  realServersConfigured,
  TcpProxy,
  testLogger,
  waitFor,
  type TestInfra,
} from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVICE = 'broker-startup-test' as ServiceName;

// A broker outage needs the real RabbitMQ behind a proxy; under CI the real servers are required.
describe.runIf(realServersConfigured())('start-up during a broker outage', () => {
  let shared: TestInfra;
  let proxy: TcpProxy;
  let infra: Infra | undefined;
  let running: RunningService | undefined;

  beforeAll(async () => {
    shared = await createTestInfra();
    const target = new URL(process.env.AMQP_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
    await proxy.start();
  });

  afterAll(async () => {
    await proxy.restore();
    await running?.stop();
    if (infra?.bus instanceof RabbitMqEventBus) await infra.bus.deleteTopology().catch(() => {});
    await infra?.bus.close();
    await proxy.close();
    await shared.cleanup();
  });

  it('starts without the broker, is not ready meanwhile, and becomes ready (and consumes) when it returns', async () => {
    await proxy.cut();
    const amqpUrl = new URL(process.env.AMQP_URL!);
    amqpUrl.host = `127.0.0.1:${proxy.port}`;
    const base = await createInfra({
      databaseUrl: shared.databaseUrl,
      amqpUrl: amqpUrl.toString(),
      namespace: shared.namespace,
      logger: testLogger(),
      poolSize: 3,
      waitForBroker: true,
    });
    // The database and key-value store are the test's own; only the bus goes through the proxy.
    infra = { ...base, kv: shared.kv, close: async () => {} };
    const seen: string[] = [];
    running = await startService(
      {
        name: SERVICE,
        migrations: {},
        consumers: [
          defineConsumer({
            event: 'LeadExpired',
            async handle(event) {
              seen.push(event.data.lead_id);
            },
          }),
        ],
        register() {},
      },
      { infra, logger: testLogger(), clients: new ServiceClients({}), publicBaseUrl: 'http://localhost' },
    );
    const notReady = await running.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().failed).toEqual(['bus']);

    await proxy.restore();
    await waitFor(
      async () => (await running!.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      'readiness once the broker returns',
      30_000,
      200,
    );
    // Its queue was declared and bound on reconnect: an event published now reaches its consumer.
    const leadId = '00000000-0000-4000-8000-000000000042';
    await shared.bus.publish(
      buildEnvelope(SERVICE, { type: 'LeadExpired', data: { lead_id: leadId, expired_at: new Date().toISOString() } }),
    );
    await waitFor(() => seen.includes(leadId), 'the consumer to receive an event', 15_000);
    await base.database.close();
  }, 60_000);
});
