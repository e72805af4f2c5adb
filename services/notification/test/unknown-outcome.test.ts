import { randomBytes, randomUUID } from 'node:crypto';
import { buildTestApp, freePort, waitFor, type TestApp } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { NotificationContext } from '../src/context.js';
import { queueDelivery } from '../src/db/deliveries.repository.js';
import { service } from '../src/index.js';
import { RECONCILE_GIVE_UP_MS } from '../src/use-cases/send-deliveries.js';
import { twilioTestEnv } from './fake-twilio.js';

// An offer whose sender was interrupted around the provider call, with a provider that cannot be
// asked whether it has the message (nothing listens where Twilio should be): the delivery is never
// sent again; while the send is recent it waits for the provider, and once the provider has stayed
// unreachable past the give-up time it is left `unknown` and counted where an operator sees it.
describe('an interrupted SMS whose outcome nobody can establish', () => {
  let app: TestApp<NotificationContext>;
  let key: string;

  beforeAll(async () => {
    const unreachable = await freePort();
    app = await buildTestApp(service, buildApp, {
      env: {
        ...twilioTestEnv(`http://127.0.0.1:${unreachable}`),
        NOTIFICATION_POLL_MS: '100',
        NOTIFICATION_SEND_LEASE_SECONDS: '1',
      },
    });
    // Left `sending` by a sender that died around the provider call, a minute ago; queued before the
    // app is ready, so no sender of this test ever had it pending.
    key = `lead_offer:${randomUUID()}:C-1`;
    await queueDelivery(app.ctx.db, {
      dedupe_key: key,
      kind: 'lead_offer',
      channel: 'sms',
      recipient: '+14045550177',
      body: `New lead: https://leads.example.test/claim/${randomBytes(24).toString('base64url')}`,
      lead_id: randomUUID(),
      contractor_id: 'C-1',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await app.ctx.db
      .updateTable('deliveries')
      .set({
        status: 'sending',
        attempts: 1,
        sending_at: sql`now() - interval '1 minute'`,
        locked_until: sql`now() - interval '1 second'`,
      })
      .where('dedupe_key', '=', key)
      .execute();
    await app.app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const delivery = () =>
    app.ctx.db.selectFrom('deliveries').selectAll().where('dedupe_key', '=', key).executeTakeFirstOrThrow();
  const readiness = async () => (await app.app.inject({ method: 'GET', url: '/readyz' })).json();

  it('waits for the provider while the send is recent, and is never sent again', async () => {
    // Taken for reconciliation a second time: the first attempt to ask the provider has finished.
    const takes = new Set<number>();
    await waitFor(
      async () => {
        const row = await delivery();
        if (row.locked_until) takes.add(new Date(row.locked_until).getTime());
        return takes.size >= 3;
      },
      'the interrupted delivery to be taken for reconciliation again',
      20_000,
      50,
    );
    const row = await delivery();
    expect(row.status).toBe('sending');
    expect(row.attempts).toBe(1);
    expect((await readiness()).attention).toEqual({ deliveries_unknown: 0 });
  });

  it('is left unknown once the provider stayed unreachable past the give-up time, and counted for an operator', async () => {
    await app.ctx.db
      .updateTable('deliveries')
      .set({ sending_at: sql`now() - make_interval(secs => ${RECONCILE_GIVE_UP_MS / 1000 + 60})` })
      .where('dedupe_key', '=', key)
      .execute();
    const row = await waitFor(
      async () => {
        const r = await delivery();
        return r.status === 'unknown' ? r : undefined;
      },
      'the delivery to be marked unknown',
      20_000,
      50,
    );
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/twilio could not be asked for 15 minutes/);

    // Readiness detail, without making the service unready.
    const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', attention: { deliveries_unknown: 1 } });
    // And the metric the OperatorAttentionNeeded alert watches.
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /^leadmarket_operator_attention\{service="notification",item="deliveries_unknown"\} 1$/m,
    );
  });
});
