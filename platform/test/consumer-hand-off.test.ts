import { randomUUID } from 'node:crypto';
import type { ServiceName } from '@leadmarket/contracts';
import {
  buildEnvelope,
  defineConsumer,
  InProcessEventBus,
  migrateService,
  onCommittedHandOff,
  outboxChannel,
  startConsumers,
  takeHandOff,
  type Subscription,
} from '@leadmarket/platform';
import { createTestInfra, testLogger, waitFor, type TestInfra } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PRODUCER = 'hand-off-test-producer' as ServiceName;
const CONSUMER = 'hand-off-test-consumer' as ServiceName;
const logger = testLogger();

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
    // A NOTIFY sent now arrives after any the batch's commit sent: none carried the token.
    const marker = `marker-${randomUUID()}`;
    await infra.database
      .forService(CONSUMER)
      .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(outboxChannel(CONSUMER)), eb.val(marker)]).as('n'))
      .execute();
    await waitFor(() => notices.includes(marker), 'the marker NOTIFY');
    expect(notices).not.toContain(token);
  });
});
