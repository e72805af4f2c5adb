import { randomUUID } from 'node:crypto';
import type { EventEnvelope, ServiceName } from '@leadmarket/contracts';
import {
  appendToOutbox,
  buildEnvelope,
  defineConsumer,
  InProcessEventBus,
  migrateService,
  onCommittedHandOff,
  outboxChannel,
  startConsumers,
  takeHandOff,
  transactionHandingOff,
  type Subscription,
} from '@leadmarket/platform';
import { createTestInfra, testLogger, waitFor, type TestInfra } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PRODUCER = 'hand-off-test-producer' as ServiceName;
const CONSUMER = 'hand-off-test-consumer' as ServiceName;
const logger = testLogger();
const completed = (lead: string, contractor: string) =>
  ({
    type: 'LeadCompleted',
    data: { lead_id: lead, completed_at: new Date().toISOString(), contractor_id: contractor },
  }) as const;

/**
 * A consumer batch's transaction is committed by the runner, which then hands the events it wrote to
 * this process's relay itself: no NOTIFY, whose commit-time lock would make the database's notifying
 * commits go one at a time (docs/adr/0053-writers-hand-off-their-own-commits.md).
 */
describe("a consumer batch's events go to the relay after commit, without a NOTIFY", () => {
  let infra: TestInfra;
  let bus: InProcessEventBus;
  let subscription: Subscription | undefined;
  const notices: string[] = [];
  const handedOff: string[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  let stopTaking: (() => void) | undefined;

  beforeAll(async () => {
    infra = await createTestInfra(logger);
    bus = new InProcessEventBus();
    await migrateService(infra.database, PRODUCER, {});
    await migrateService(infra.database, CONSUMER, {});
    unlisten = await infra.database.listen(outboxChannel(CONSUMER), (payload) => notices.push(payload));
    stopTaking = onCommittedHandOff(CONSUMER, (token) => handedOff.push(token));
  });
  afterAll(async () => {
    stopTaking?.();
    await subscription?.close();
    await unlisten?.();
    await bus.close();
    await infra.cleanup();
  });

  it('hands the emitted event over once committed, and sends no NOTIFY', async () => {
    subscription = await startConsumers({
      database: infra.database,
      service: CONSUMER,
      bus,
      logger,
      queue: `${infra.namespace}.hand-off`,
      kv: infra.kv,
      consumers: [
        defineConsumer({
          event: 'LeadCompleted',
          async handle(event, { emit }) {
            await emit([
              {
                type: 'LeadCompleted',
                data: { ...event.data, contractor_id: `${event.data.contractor_id}-again` },
              },
            ]);
          },
        }),
      ],
    });
    const lead = randomUUID();
    await bus.publish(
      buildEnvelope(PRODUCER, {
        type: 'LeadCompleted',
        data: { lead_id: lead, completed_at: new Date().toISOString(), contractor_id: 'C-1' },
      }),
    );
    const token = await waitFor(() => handedOff[0], 'the hand-off');
    const [emitted] = takeHandOff(CONSUMER, token)!;
    expect(emitted).toMatchObject({ type: 'LeadCompleted', data: { lead_id: lead, contractor_id: 'C-1-again' } });
    // Handed off after the commit: the row is there for anyone to read.
    const db = infra.database.forService(CONSUMER);
    const row = await db.selectFrom('outbox').select('id').where('id', '=', emitted!.id).executeTakeFirst();
    expect(row).toEqual({ id: emitted!.id });
    await expectNoNotifyCarrying(token);
  });

  it("hands over what a handler wrote with the service's emit(trx, …) in the batch's transaction", async () => {
    const extra = await startConsumers({
      database: infra.database,
      service: CONSUMER,
      bus,
      logger,
      queue: `${infra.namespace}.hand-off-emit`,
      kv: infra.kv,
      consumers: [
        defineConsumer({
          event: 'LeadExpired',
          async handle(event, { trx }) {
            // What a service's ctx.emit(trx, …) does.
            await appendToOutbox(trx, CONSUMER, [completed(event.data.lead_id, 'C-2')]);
          },
        }),
      ],
    });
    try {
      const lead = randomUUID();
      await bus.publish(
        buildEnvelope(PRODUCER, { type: 'LeadExpired', data: { lead_id: lead, expired_at: new Date().toISOString() } }),
      );
      const [token, emitted] = await waitFor(() => handedOffFor(lead), 'the hand-off');
      expect(emitted).toMatchObject({ type: 'LeadCompleted', data: { lead_id: lead, contractor_id: 'C-2' } });
      await expectNoNotifyCarrying(token);
    } finally {
      await extra?.close();
    }
  });

  it("hands over a service transaction's events once committed, and nothing of one rolled back", async () => {
    const db = infra.database.forService(CONSUMER);
    const lead = randomUUID();
    await transactionHandingOff(db, (trx) => appendToOutbox(trx, CONSUMER, [completed(lead, 'C-3')]));
    const [token, emitted] = await waitFor(() => handedOffFor(lead), 'the hand-off');
    const row = await db.selectFrom('outbox').select('id').where('id', '=', emitted.id).executeTakeFirst();
    expect(row).toEqual({ id: emitted.id });
    await expectNoNotifyCarrying(token);

    const undone = randomUUID();
    const handedBefore = handedOff.length;
    await expect(
      transactionHandingOff(db, async (trx) => {
        await appendToOutbox(trx, CONSUMER, [completed(undone, 'C-4')]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(handedOff.length).toBe(handedBefore);
  });

  /** The hand-off of the LeadCompleted about `lead` (taken from the relay's tokens), once there. */
  const taken = new Map<string, [string, EventEnvelope]>();
  function handedOffFor(lead: string): [string, EventEnvelope] | undefined {
    for (const token of handedOff) {
      if (taken.has(token)) continue;
      const envelopes = takeHandOff(CONSUMER, token);
      for (const e of envelopes ?? []) taken.set(token, [token, e]);
    }
    for (const hit of taken.values()) if ((hit[1].data as { lead_id?: string }).lead_id === lead) return hit;
    return undefined;
  }

  /** A NOTIFY sent now arrives after any an earlier commit sent: none may have carried `token`. */
  async function expectNoNotifyCarrying(token: string) {
    const marker = `marker-${randomUUID()}`;
    await infra.database
      .forService(CONSUMER)
      .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(outboxChannel(CONSUMER)), eb.val(marker)]).as('n'))
      .execute();
    await waitFor(() => notices.includes(marker), 'the marker NOTIFY');
    expect(notices).not.toContain(token);
  }
});
