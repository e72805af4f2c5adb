import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildEnvelope, migrateService } from '@leadmarket/platform';
import { createTestInfra, realServersConfigured, waitFor, type TestInfra } from '@leadmarket/platform/testing';
import amqp from 'amqplib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDatabase } from '../src/db/database.js';
import { queueDelivery } from '../src/db/deliveries.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTwilioSms } from '../src/providers/twilio-sms.js';
import { startFakeTwilio, type ReceivedSms } from './fake-twilio.js';

// A real notification process (its own Node process, real PostgreSQL and RabbitMQ, the real Twilio
// SDK against a fake Twilio) killed with SIGKILL after Twilio accepted a message and before the
// process heard back: the restarted process must not send it again.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const FROM = '+15005550006';

describe.runIf(realServersConfigured())('SMS at most once per offer', () => {
  let infra: TestInfra;
  let db: Kysely<NotificationDatabase>;
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  const children: ChildProcess[] = [];
  let killOnNextMessage: ChildProcess | undefined;

  const startNotification = (): ChildProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/notification/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: infra.databaseUrl,
        BUS_NAMESPACE: infra.namespace,
        DATABASE_POOL_SIZE: '3',
        PORT: '0',
        LOG_LEVEL: 'warn',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_API_BASE_URL: fake.url,
        NOTIFICATION_POLL_MS: '200',
        NOTIFICATION_SEND_LEASE_SECONDS: '2',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const delivery = (id: string) =>
    db.selectFrom('deliveries').selectAll().where('dedupe_key', '=', id).executeTakeFirstOrThrow();
  /** The delivery once a restarted sender has reconciled it (asked Twilio, recorded what it sent). */
  const reconciled = (key: string) =>
    waitFor(
      async () => {
        const row = await delivery(key);
        return row.status === 'sent' ? row : undefined;
      },
      'the interrupted delivery to be reconciled',
      60_000,
      200,
    );
  const offer = async (to: string, extra: { lead_id?: string; expires_at?: string } = {}) => {
    const key = `lead_offer:${randomUUID()}`;
    await queueDelivery(db, {
      dedupe_key: key,
      kind: 'lead_offer',
      channel: 'sms',
      recipient: to,
      body: `New lead ${key}: https://leads.example.test/claim/${randomBytes(24).toString('base64url')}`,
      lead_id: extra.lead_id ?? randomUUID(),
      contractor_id: 'C-1',
      expires_at: extra.expires_at ?? new Date(Date.now() + 3_600_000).toISOString(),
    });
    return key;
  };
  const sentTo = (to: string) => fake.messages.filter((m: ReceivedSms) => m.to === to);

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = await startFakeTwilio({
      // Twilio has the message; the sender is killed before it hears so.
      onAccepted: async () => {
        const victim = killOnNextMessage;
        killOnNextMessage = undefined;
        if (!victim) return;
        victim.kill('SIGKILL');
        await exited(victim);
      },
    });
    await migrateService(infra.database, 'notification', migrations);
    db = infra.database.forService('notification');
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await fake?.close();
    // The processes declared the notification queue of this namespace: remove it.
    const connection = await amqp.connect(process.env.AMQP_URL!);
    const channel = await connection.createChannel();
    for (const q of [`${infra.namespace}.leadmarket.notification`, `${infra.namespace}.leadmarket.notification.dlq`])
      await channel.deleteQueue(q).catch(() => {});
    await connection.close();
    await infra.cleanup();
  });

  it('a process killed between the provider accepting an SMS and recording it does not send it again after restart', async () => {
    const first = startNotification();
    killOnNextMessage = first;
    const key = await offer('+14045550111');
    await exited(first);
    expect(sentTo('+14045550111')).toHaveLength(1);
    expect((await delivery(key)).status).toBe('sending');

    startNotification();
    // The restarted sender finds the interrupted row, asks Twilio, and records the message it has.
    const recovered = await reconciled(key);
    expect(recovered.provider_message_id).toBe(sentTo('+14045550111')[0]!.sid);
    expect(sentTo('+14045550111')).toHaveLength(1);
  }, 120_000);

  it('finds the interrupted message behind 120 later texts to the same number, so it is sent at most once', async () => {
    // No other sender: this test's processes are the only ones.
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    const to = '+14045550115';
    const first = startNotification();
    killOnNextMessage = first;
    const key = await offer(to);
    await exited(first);
    const [interrupted] = sentTo(to);
    expect(interrupted).toBeDefined();

    // Before anyone reconciles it, the number gets 120 more texts (other offers, other senders).
    const other = createTwilioSms({ accountSid: ACCOUNT_SID, authToken: 'other', from: FROM, apiBaseUrl: fake.url });
    for (let i = 0; i < 120; i++) await other.send({ to, body: `Another text ${i}` });
    const listsBefore = fake.listRequests.length;

    startNotification();
    const recovered = await reconciled(key);
    expect(recovered.provider_message_id).toBe(interrupted!.sid);
    expect(sentTo(to).filter((m) => m.body === interrupted!.body)).toHaveLength(1);
    // Found by reading every page since the send began, not the newest page alone.
    const pages = fake.listRequests.slice(listsBefore).filter((q) => q['DateSent>']);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Two process starts on a busy machine.
  }, 240_000);

  it('never sends an offer for a lead already sold or an offer already expired', async () => {
    const expired = await offer('+14045550112', { expires_at: new Date(Date.now() - 1000).toISOString() });
    await waitFor(async () => (await delivery(expired)).status === 'expired', 'the expired offer to be closed', 30_000);

    // An offer held back (not yet due) while its lead is sold: the sale cancels it.
    const soldLead = randomUUID();
    const soldToken = randomBytes(24).toString('base64url');
    const sold = await db.transaction().execute(async (trx) => {
      const key = `lead_offer:${soldLead}:C-3`;
      await queueDelivery(trx, {
        dedupe_key: key,
        kind: 'lead_offer',
        channel: 'sms',
        recipient: '+14045550113',
        body: `New lead ${key}: https://leads.example.test/claim/${soldToken}`,
        lead_id: soldLead,
        contractor_id: 'C-3',
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await trx
        .updateTable('deliveries')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000) })
        .where('dedupe_key', '=', key)
        .execute();
      return key;
    });
    await infra.bus.publish(
      buildEnvelope('wallet-ledger', {
        type: 'LeadPurchased',
        data: {
          lead_id: soldLead,
          contractor_id: 'C-2',
          purchase_id: randomUUID(),
          price_cents: 2000,
          channel: 'dashboard',
          purchased_at: new Date().toISOString(),
        },
      }),
    );
    await waitFor(async () => (await delivery(sold)).status === 'cancelled', 'the sold lead offer cancelled', 30_000);
    // Due now, but cancelled: a later offer is sent, proving the sender ran past it.
    await db.updateTable('deliveries').set({ next_attempt_at: new Date() }).where('dedupe_key', '=', sold).execute();
    const later = await offer('+14045550114');
    await waitFor(async () => (await delivery(later)).status === 'sent', 'a later offer to be sent', 30_000);
    expect(sentTo('+14045550112')).toHaveLength(0);
    expect(sentTo('+14045550113')).toHaveLength(0);
    // Never sent, so nobody will need their claim links: neither row keeps one.
    for (const key of [expired, sold]) expect((await delivery(key)).body).toMatch(/\/claim\/redacted$/);
    expect((await delivery(sold)).body).not.toContain(soldToken);
  }, 120_000);
});
