import { SERVICE_NAMES } from '@leadmarket/contracts';
import { queueOf } from '@leadmarket/platform';
import amqp from 'amqplib';

/**
 * Delete a stack's queues (and dead-letter queues) and exchange from the shared broker. Every run
 * has its own namespace; left behind, each run's durable queues keep file handles open in RabbitMQ,
 * and a few hundred of them exhaust its limit: it then accepts connections and never answers them
 * (seen on this machine after a day of bench and chaos runs).
 */
export async function deleteNamespace(amqpUrl: string, namespace: string): Promise<void> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const name of SERVICE_NAMES) {
      await channel.deleteQueue(queueOf(name, namespace)).catch(() => {});
      await channel.deleteQueue(`${queueOf(name, namespace)}.dlq`).catch(() => {});
    }
    await channel.deleteExchange(`${namespace}.leadmarket.events`).catch(() => {});
  } finally {
    await connection.close().catch(() => {});
  }
}
