import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@leadmarket/contracts';
import { InProcessEventBus, RabbitMqEventBus, type EventBus } from '@leadmarket/platform';
import { realServersConfigured, TcpProxy, testLogger } from '@leadmarket/platform/testing';

/** A bus for the contract suite plus a way to make its broker unreachable and reachable again. */
export interface BusFixture {
  name: string;
  bus: EventBus;
  cut(): Promise<void>;
  restore(): Promise<void>;
  cleanup(): Promise<void>;
}

export const busFixtures: Array<{ name: string; make: () => Promise<BusFixture> }> = [
  {
    name: 'in-process',
    make: async () => {
      const bus = new InProcessEventBus();
      return {
        name: 'in-process',
        bus,
        cut: async () => bus.setAvailable(false),
        restore: async () => bus.setAvailable(true),
        cleanup: () => bus.close(),
      };
    },
  },
];

if (realServersConfigured()) {
  busFixtures.push({
    name: 'rabbitmq',
    make: async () => {
      // Connect through a loopback proxy so the test can cut this client off without stopping the shared broker.
      const target = new URL(process.env.AMQP_URL!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
      const port = await proxy.start();
      target.host = `127.0.0.1:${port}`;
      const bus = await RabbitMqEventBus.connect({
        url: target.toString(),
        namespace: `t${randomUUID().slice(0, 8)}`,
        logger: testLogger(),
      });
      return {
        name: 'rabbitmq',
        bus,
        cut: () => proxy.cut(),
        restore: () => proxy.restore(),
        cleanup: async () => {
          await proxy.restore().catch(() => {});
          await bus.deleteTopology().catch(() => {});
          await bus.close();
          await proxy.cut();
        },
      };
    },
  });
}

/** A valid envelope of an arbitrary type (the bus itself does not know event schemas). */
export function envelope(type: string, data: unknown = {}): EventEnvelope {
  const id = randomUUID();
  return { id, type, version: 1, occurred_at: new Date().toISOString(), producer: 'test', correlation_id: id, data };
}
