import { randomUUID } from 'node:crypto';
import { RabbitMqEventBus } from '@leadmarket/platform';
import { realServersConfigured, testLogger, waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from './fixtures.js';

// The operator's dead-letter tools (npm run dlq) are RabbitMQ's; under CI the real broker is required.
describe.runIf(realServersConfigured())('dead letters: list without losing, re-drive after a fix', () => {
  let bus: RabbitMqEventBus;
  const queue = `t${randomUUID().slice(0, 8)}.dlq-tool`;

  beforeAll(async () => {
    bus = await RabbitMqEventBus.connect({
      url: process.env.AMQP_URL!,
      namespace: `t${randomUUID().slice(0, 8)}`,
      logger: testLogger(),
    });
  });

  afterAll(async () => {
    await bus.deleteTopology();
    await bus.close();
  });

  it('counts and lists dead letters with their reason, and re-drives them onto the queue once fixed', async () => {
    expect(await bus.deadLetterDepth('never-declared-queue')).toBe(0);
    let fixed = false;
    const handled: string[] = [];
    await bus.subscribe({ queue, eventTypes: ['Alpha'], maxAttempts: 1 }, async (e) => {
      if (!fixed) throw new Error('business rule: contractor unknown');
      handled.push(e.id);
    });
    const sent = envelope('Alpha');
    await bus.publish(sent);
    await waitFor(async () => (await bus.deadLetterDepth(queue)) === 1, 'one dead letter', 20_000);

    const listed = await bus.peekDeadLetters(queue);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.reason).toBe('business rule: contractor unknown');
    expect(JSON.parse(listed[0]!.body).id).toBe(sent.id);
    // Listing does not remove (the broker puts the listed letters back a moment later).
    await waitFor(async () => (await bus.deadLetterDepth(queue)) === 1, 'the listed letter back in place', 20_000);

    fixed = true;
    expect(await bus.redriveDeadLetters(queue)).toBe(1);
    await waitFor(() => handled.includes(sent.id), 'the re-driven event to be handled', 20_000);
    expect(await bus.deadLetterDepth(queue)).toBe(0);
  });
});
