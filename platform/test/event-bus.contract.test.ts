import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@leadmarket/contracts';
import { InvalidMessageError, type DeliveryInfo, type Reply } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { busFixtures, envelope, type BusFixture } from './fixtures.js';

describe.each(busFixtures)('event bus contract: $name', ({ make }) => {
  let fx: BusFixture;
  beforeEach(async () => {
    fx = await make();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it('delivers a published event to each queue bound to its type, and not to others', async () => {
    const a: EventEnvelope[] = [];
    const b: EventEnvelope[] = [];
    await fx.bus.subscribe({ queue: 'q-a', eventTypes: ['Alpha'] }, async (e) => void a.push(e));
    await fx.bus.subscribe({ queue: 'q-b', eventTypes: ['Beta'] }, async (e) => void b.push(e));
    const sent = envelope('Alpha', { n: 1 });
    await fx.bus.publish(sent);
    await waitFor(() => a.length === 1, 'delivery to q-a');
    expect(a[0]).toEqual(sent);
    // A Beta published afterwards reaches q-b; had the Alpha gone there too, it would be there first.
    const marker = envelope('Beta', { n: 2 });
    await fx.bus.publish(marker);
    await waitFor(() => b.length > 0, 'the Beta at q-b');
    expect(b.map((e) => e.id)).toEqual([marker.id]);
  });

  it('a queue subscribed again without a type it used to take (unboundTypes) no longer receives it', async () => {
    // An earlier version of the service consumed Alpha: its durable queue keeps that binding.
    const earlier = await fx.bus.subscribe({ queue: 'q-retired', eventTypes: ['Alpha', 'Beta'] }, async () => {});
    await earlier.close();
    const got: EventEnvelope[] = [];
    await fx.bus.subscribe(
      { queue: 'q-retired', eventTypes: ['Beta'], unboundTypes: ['Alpha', 'Gamma'] },
      async (e) => void got.push(e),
    );
    await fx.bus.publish(envelope('Alpha'));
    // Had the Alpha still been routed to the queue, it would be delivered before this Beta.
    const marker = envelope('Beta');
    await fx.bus.publish(marker);
    await waitFor(() => got.length > 0, 'the Beta');
    expect(got.map((e) => e.id)).toEqual([marker.id]);
  });

  it('answers a request to the process that published it, by correlation id (request–reply)', async () => {
    const answers: Reply[] = [];
    const stop = fx.bus.onReply!((r) => void answers.push(r));
    const seen: Array<DeliveryInfo['replyTo']> = [];
    await fx.bus.subscribe({ queue: 'q-request', eventTypes: ['Alpha'] }, async (e, info) => {
      seen.push(info.replyTo);
      if (info.replyTo)
        await fx.bus.reply!(info.replyTo.address, { correlationId: info.replyTo.correlationId, body: { id: e.id } });
    });
    const plain = envelope('Alpha');
    const request = envelope('Alpha');
    await fx.bus.publishBatch!([plain, request], { requests: new Map([[request.id, 'corr-1']]) });
    await waitFor(() => answers.length === 1, 'the answer to the request');
    expect(answers[0]).toEqual({ correlationId: 'corr-1', body: { id: request.id } });
    // The plain event asked for nothing: delivered without a reply address.
    expect(seen.filter((r) => r === undefined)).toHaveLength(1);
    stop();
  });

  it('redelivers after a handler failure, counting attempts', async () => {
    const attempts: number[] = [];
    await fx.bus.subscribe({ queue: 'q-retry', eventTypes: ['Alpha'], maxAttempts: 5 }, async (_e, info) => {
      attempts.push(info.attempt);
      if (info.attempt < 3) throw new Error('transient');
    });
    await fx.bus.publish(envelope('Alpha'));
    await waitFor(() => attempts.length === 3, 'three attempts');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('dead-letters an invalid message with its reason, and the consumer goes on', async () => {
    const handled: string[] = [];
    await fx.bus.subscribe({ queue: 'q-invalid', eventTypes: ['Alpha'] }, async (e) => {
      if ((e.data as any)?.poison) throw new InvalidMessageError('poison pill');
      handled.push(e.id);
    });
    // Not an envelope at all (no id, version…): the bus itself refuses it.
    await fx.bus.publish({ type: 'Alpha', junk: true } as unknown as EventEnvelope);
    await fx.bus.publish(envelope('Alpha', { poison: true }));
    const good = envelope('Alpha');
    await fx.bus.publish(good);
    await waitFor(() => handled.includes(good.id), 'the good message after the bad ones');
    const dead = await waitFor(async () => {
      const letters = await fx.bus.takeDeadLetters('q-invalid');
      return letters.length >= 2 ? letters : undefined;
    }, 'two dead letters');
    const reasons = dead.map((d) => d.reason).sort();
    expect(reasons[0]).toMatch(/not an event envelope/);
    expect(reasons[1]).toBe('poison pill');
  });

  it('dead-letters a message whose handler keeps failing, after the bounded attempts', async () => {
    let calls = 0;
    await fx.bus.subscribe({ queue: 'q-fail', eventTypes: ['Alpha'], maxAttempts: 3 }, async () => {
      calls++;
      throw new Error('always broken');
    });
    await fx.bus.publish(envelope('Alpha'));
    const dead = await waitFor(
      async () => {
        const letters = await fx.bus.takeDeadLetters('q-fail');
        return letters.length ? letters : undefined;
      },
      'dead letter',
      20_000,
    );
    expect(calls).toBe(3);
    expect(dead[0]!.reason).toBe('always broken');
  });

  it('retries a transient failure (database unreachable) past the bounded attempts without dead-lettering it', async () => {
    let calls = 0;
    await fx.bus.subscribe({ queue: 'q-transient', eventTypes: ['Alpha'], maxAttempts: 2 }, async () => {
      calls++;
      if (calls <= 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    await fx.bus.publish(envelope('Alpha'));
    await waitFor(() => calls === 4, 'the fourth delivery to succeed', 20_000);
    expect(await fx.bus.takeDeadLetters('q-transient')).toEqual([]);
  });

  it('keeps events for a consumer that is away and delivers them when it returns', async () => {
    const seen: string[] = [];
    const sub = await fx.bus.subscribe({ queue: 'q-away', eventTypes: ['Alpha'] }, async (e) => void seen.push(e.id));
    await sub.close();
    const sent = [envelope('Alpha'), envelope('Alpha')];
    for (const e of sent) await fx.bus.publish(e);
    // Its subscription is closed: nothing can reach the handler until it subscribes again.
    expect(seen).toHaveLength(0);
    await fx.bus.subscribe({ queue: 'q-away', eventTypes: ['Alpha'] }, async (e) => void seen.push(e.id));
    await waitFor(() => seen.length === 2, 'both events after resubscribe');
    expect(seen.sort()).toEqual(sent.map((e) => e.id).sort());
  });

  it('refuses to publish while the broker is unreachable, and works again once it returns', async () => {
    const seen: string[] = [];
    await fx.bus.subscribe({ queue: 'q-outage', eventTypes: ['Alpha'] }, async (e) => void seen.push(e.id));
    await fx.cut();
    await expect(fx.bus.publish(envelope('Alpha'))).rejects.toThrow();
    await fx.restore();
    const after = envelope('Alpha');
    await waitFor(
      async () => {
        try {
          await fx.bus.publish(after);
          return true;
        } catch {
          return false;
        }
      },
      'publish after reconnect',
      15_000,
      200,
    );
    await waitFor(() => seen.includes(after.id), 'delivery after reconnect', 15_000);
  });
});
