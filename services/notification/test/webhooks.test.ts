import { randomUUID } from 'node:crypto';
import { functionPath, INTERNAL_HEADERS, type FunctionName } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationContext } from '../src/context.js';
import { service as notification } from '../src/index.js';
import { claimDueMessages, pruneWebhookLog, queueMessages } from '../src/db/webhooks.repository.js';
import { contractorProfile, now, publish } from './events.js';
import { deadPort, startReceiver } from './webhook-receiver.js';

// Webhooks end to end inside notification: the worker signs and POSTs to a receiver on loopback,
// retries on its schedule (the test moves the worker's clock instead of waiting hours), disables
// an endpoint that fails for the whole window, and checks the address at every attempt.
let stack: TestStack;
let ctx: NotificationContext;
let clock = Date.now();

beforeAll(async () => {
  stack = await startTestStack({
    services: [notification],
    env: {
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: '',
      TWILIO_FROM_NUMBER: '',
      SMTP_URL: '',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
  });
  ctx = stack.marketplace.services.get('notification')!.ctx as NotificationContext;
  ctx.webhooks.now = () => new Date(clock);
});
afterAll(async () => {
  await stack?.stop();
});

/** Call one of notification's functions as the gateway does for a signed-in contractor. */
async function call<T = any>(
  contractorId: string,
  name: FunctionName,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  payload?: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  const app = stack.marketplace.services.get('notification')!.app;
  const response = await app.inject({
    method,
    url: functionPath(name),
    headers: {
      [INTERNAL_HEADERS.internalToken]: stack.marketplace.internalToken,
      [INTERNAL_HEADERS.contractorId]: contractorId,
    },
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
  });
  return { status: response.statusCode, body: response.json() as T };
}

async function addEndpoint(contractorId: string, url: string, events: string[] = ['refund.decided']) {
  const added = await call<{ endpoint: { id: string }; secret: string }>(contractorId, 'webhook-endpoints', 'POST', {
    url,
    events,
  });
  expect(added.status).toBe(201);
  return { id: added.body.endpoint.id, secret: added.body.secret };
}

const refundDecided = (contractorId: string) =>
  publish(stack.infra.bus, 'wallet-ledger', {
    type: 'RefundDecided',
    data: {
      refund_id: randomUUID(),
      lead_id: randomUUID(),
      contractor_id: contractorId,
      decision: 'approved',
      amount_cents: 4500,
      decided_at: now(),
      admin_notes: 'Wrong number',
    },
  });

type Log = {
  messages: Array<{
    id: string;
    status: string;
    next_attempt_at: string | null;
    attempts: Array<{
      status_code: number | null;
      error: string | null;
      response_bytes: number | null;
      trigger: string;
    }>;
  }>;
};
const logOf = async (contractorId: string, endpointId: string) =>
  (await call<Log>(contractorId, 'webhook-deliveries', 'GET', { endpoint_id: endpointId })).body.messages;

/** Wait until the log's newest message has `n` attempts recorded; answer it. */
const attemptsRecorded = (contractorId: string, endpointId: string, n: number) =>
  waitFor(async () => {
    const [m] = await logOf(contractorId, endpointId);
    return m && m.attempts.length >= n && m.status !== 'sending' ? m : undefined;
  }, `${n} attempts recorded`);

/** Move the worker's clock to a message's next attempt and wake it. */
const advanceTo = (iso: string) => {
  clock = Math.max(clock, Date.parse(iso));
  ctx.webhooks.wakeup.wake();
};

describe('webhook deliveries', () => {
  it('retries a 500 and delivers once, signed so that the Standard Webhooks library verifies it', async () => {
    const contractorId = randomUUID();
    const receiver = await startReceiver([500, 200]);
    try {
      const { id, secret } = await addEndpoint(contractorId, receiver.url);
      await refundDecided(contractorId);
      const first = await attemptsRecorded(contractorId, id, 1);
      expect(first.attempts[0]).toMatchObject({ status_code: 500, response_bytes: 16 });
      expect(first.status).toBe('pending');
      advanceTo(first.next_attempt_at!);
      const done = await waitFor(async () => {
        const [m] = await logOf(contractorId, id);
        return m?.status === 'delivered' ? m : undefined;
      }, 'delivered after a retry');
      expect(done.attempts.map((a) => a.status_code)).toEqual([500, 200]);
      expect(receiver.received).toHaveLength(2);
      const [a, b] = receiver.received;
      expect(a!.headers['webhook-id']).toBe(done.id);
      expect(b!.headers['webhook-id']).toBe(done.id);
      const verified = new Webhook(secret).verify(b!.body, b!.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(verified.type).toBe('refund.decided');
      expect(verified.data).toMatchObject({ decision: 'approved', amount_cents: 4500, note: 'Wrong number' });
      expect(() => new Webhook(secret).verify(`${b!.body} `, b!.headers as Record<string, string>)).toThrow();

      // Far past any retry, a later event is delivered; the first message was not sent again.
      advanceTo(new Date(clock + 6 * 3_600_000).toISOString());
      await refundDecided(contractorId);
      await waitFor(async () => {
        const log = await logOf(contractorId, id);
        return log.length === 2 && log[0]!.status === 'delivered';
      }, 'the later event delivered');
      expect(receiver.received.filter((r) => r.headers['webhook-id'] === done.id)).toHaveLength(2);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("sends lead.purchased with the customer's contact and the job", async () => {
    // The library refuses a signature time far from its own clock: sign at the real time.
    clock = Date.now();
    const contractorId = randomUUID();
    const receiver = await startReceiver([200]);
    try {
      const { id, secret } = await addEndpoint(contractorId, receiver.url, ['lead.purchased']);
      const leadId = randomUUID();
      const sold = {
        lead_id: leadId,
        outcome: 'sold' as const,
        contractor_id: contractorId,
        customer_name: 'Jo Customer',
        phone: '+14045550177',
        email: 'jo@example.com',
        service_category: 'home_services',
        sub_service: 'hvac',
        occurred_at: now(),
        zip_code: '30301',
        description: 'AC stopped cooling',
        urgency: 'Emergency' as const,
        requested_at: now(),
        purchase_id: randomUUID(),
        price_cents: 2500,
        channel: 'dashboard' as const,
        purchased_at: now(),
      };
      const event = await publish(stack.infra.bus, 'lead-intake', { type: 'CustomerToBeTold', data: sold });
      await stack.infra.bus.publish(event); // redelivered: still one message
      await waitFor(async () => (await logOf(contractorId, id))[0]?.status === 'delivered', 'lead.purchased delivered');
      const [got] = receiver.received;
      const payload = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as any;
      expect(payload).toMatchObject({
        type: 'lead.purchased',
        data: {
          lead_id: leadId,
          price_cents: 2500,
          customer: { name: 'Jo Customer', phone: '+14045550177', email: 'jo@example.com' },
          job: { service_label: 'HVAC', zip_code: '30301', description: 'AC stopped cooling', urgency: 'Emergency' },
        },
      });
      expect(await logOf(contractorId, id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends each recorded outcome, a correction too, in the words of the dashboard', async () => {
    const contractorId = randomUUID();
    const receiver = await startReceiver([200]);
    try {
      const { id } = await addEndpoint(contractorId, receiver.url, ['lead.outcome_recorded']);
      const leadId = randomUUID();
      const outcome = (over: Record<string, unknown>) =>
        publish(stack.infra.bus, 'lead-intake', {
          type: 'LeadOutcomeRecorded',
          data: {
            lead_id: leadId,
            contractor_id: contractorId,
            outcome: 'lost',
            job_value_cents: null,
            lost_reason: 'price',
            previous_outcome: null,
            recorded_at: now(),
            ...over,
          } as never,
        });
      await outcome({});
      await outcome({ outcome: 'won', job_value_cents: 480_000, lost_reason: null, previous_outcome: 'lost' });
      await waitFor(async () => {
        const log = await logOf(contractorId, id);
        return log.length === 2 && log.every((m) => m.status === 'delivered');
      }, 'both outcomes delivered');
      const bodies = receiver.received.map((r) => JSON.parse(r.body).data);
      expect(bodies).toContainEqual(
        expect.objectContaining({ outcome: 'lost', outcome_label: 'Lost', lost_reason: 'price' }),
      );
      expect(bodies).toContainEqual(
        expect.objectContaining({ outcome: 'won', job_value_cents: 480_000, previous_outcome: 'lost' }),
      );
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint down for the whole window and emails the contractor', async () => {
    const profile = { ...contractorProfile(), email: `hooks.${randomUUID().slice(0, 8)}@example.com` };
    await publish(stack.infra.bus, 'contractors', {
      type: 'ContractorRegistered',
      data: { ...profile, registered_at: now() },
    });
    const contractorId = profile.contractor_id;
    const { id } = await addEndpoint(contractorId, `http://127.0.0.1:${await deadPort()}/hooks`);
    const start = clock;
    await refundDecided(contractorId);
    let attempts = 0;
    for (;;) {
      const m = await attemptsRecorded(contractorId, id, attempts + 1);
      attempts = m.attempts.length;
      expect(m.attempts.at(-1)).toMatchObject({ status_code: null, error: 'connection refused' });
      if (m.status === 'failed') break;
      advanceTo(m.next_attempt_at!);
    }
    // Exponential back-off: many attempts, the last one at the window's end.
    expect(attempts).toBeGreaterThan(10);
    expect(clock - start).toBe(24 * 3_600_000);
    const { body } = await call<{ endpoints: Array<{ id: string; status: string; disabled_reason: string }> }>(
      contractorId,
      'webhook-endpoints',
      'GET',
    );
    expect(body.endpoints[0]).toMatchObject({ id, status: 'disabled' });
    expect(body.endpoints[0]!.disabled_reason).toContain('Every delivery failed for 24 hours');
    const mails = await waitFor(async () => {
      const list = (
        await stack.marketplace.clients.call<{ messages: Array<{ subject: string | null; body: string }> }>(
          'notification',
          '/internal/outbox',
          { query: { channel: 'email', to: profile.email } },
        )
      ).messages.filter((m) => m.subject === 'Your leadmarket webhook endpoint was turned off');
      return list.length ? list : undefined;
    }, 'the endpoint-disabled email');
    expect(mails[0]!.body).toContain(`127.0.0.1`);
    // Turned back on from Settings, a replay from the log goes out again.
    const enabled = await call(contractorId, 'webhook-endpoints', 'PUT', { id, enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.endpoints[0].status).toBe('enabled');
  });

  it('refuses at attempt time an endpoint whose name now resolves to a private address', async () => {
    const contractorId = randomUUID();
    const receiver = await startReceiver([200]);
    const answers: Record<string, string> = { 'hooks.example.test': '127.0.0.1' };
    ctx.webhooks.resolver = async (hostname) => [{ address: answers[hostname] ?? '203.0.113.1', family: 4 }];
    try {
      // The name is unknown to the real DNS: the request reaches the receiver only through the checked address.
      const { id } = await addEndpoint(contractorId, `http://hooks.example.test:${receiver.port}/hooks`);
      await refundDecided(contractorId);
      await waitFor(async () => (await logOf(contractorId, id))[0]?.status === 'delivered', 'first delivery');
      expect(receiver.received).toHaveLength(1);

      // The DNS answer changes after registration: private, then cloud metadata.
      let messages = 1;
      for (const [address, words] of [
        ['10.0.0.7', '10.0.0.7 is a private or reserved address'],
        ['169.254.169.254', '169.254.169.254 is the cloud metadata address'],
      ] as const) {
        answers['hooks.example.test'] = address;
        // The log lists newest first: this message is a second younger than the one before.
        advanceTo(new Date(clock + 1000).toISOString());
        await refundDecided(contractorId);
        messages += 1;
        const m = await waitFor(async () => {
          const log = await logOf(contractorId, id);
          const newest = log.length === messages ? log[0] : undefined;
          return newest && newest.status !== 'sending' && newest.attempts.length ? newest : undefined;
        }, `an attempt refused for ${address}`);
        expect(m.attempts[0]).toMatchObject({
          status_code: null,
          error: `refused: hooks.example.test resolves to ${words}`,
        });
        // Stop it retrying before the next round.
        await ctx.db.updateTable('webhook_messages').set({ status: 'failed' }).where('id', '=', m.id).execute();
      }
      expect(receiver.received).toHaveLength(1);

      // Addresses that are plainly not public are refused when registered.
      for (const url of [
        'http://10.1.2.3/hooks',
        'http://169.254.169.254/latest',
        'http://[fd00::1]/x',
        'ftp://example.com/',
      ]) {
        const refused = await call(contractorId, 'webhook-endpoints', 'POST', { url, events: ['lead.purchased'] });
        expect(refused.status, url).toBe(400);
        expect(refused.body.field).toBe('url');
      }
    } finally {
      ctx.webhooks.resolver = async (hostname) => {
        throw new Error(`no DNS for ${hostname} in this test`);
      };
      await receiver.close();
    }
  });

  it('replays a delivered message with the same webhook-id, and keeps endpoints to their owner', async () => {
    const contractorId = randomUUID();
    const receiver = await startReceiver([200]);
    try {
      const { id } = await addEndpoint(contractorId, receiver.url);
      const test = await call<{ message_id: string }>(contractorId, 'webhook-endpoint-test', 'POST', { id });
      expect(test.status).toBe(200);
      await waitFor(async () => (await logOf(contractorId, id))[0]?.status === 'delivered', 'test delivered');
      const replay = await call(contractorId, 'webhook-delivery-replay', 'POST', { message_id: test.body.message_id });
      expect(replay.status).toBe(200);
      await waitFor(() => receiver.received.length === 2, 'the replay');
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
        test.body.message_id,
        test.body.message_id,
      ]);
      const m = await waitFor(async () => {
        const [newest] = await logOf(contractorId, id);
        return newest?.status === 'delivered' && newest.attempts.length === 2 ? newest : undefined;
      }, 'the replay recorded');
      expect(m.attempts.map((a) => [a.status_code, a.trigger])).toEqual([
        [200, 'scheduled'],
        [200, 'replay'],
      ]);

      const stranger = randomUUID();
      expect((await call(stranger, 'webhook-deliveries', 'GET', { endpoint_id: id })).status).toBe(404);
      expect((await call(stranger, 'webhook-delivery-replay', 'POST', { message_id: m.id })).status).toBe(404);
      expect((await call(stranger, 'webhook-endpoints', 'DELETE', { id })).status).toBe(404);
      // Rotating gives a new secret, shown once.
      const rotated = await call<{ secret: string }>(contractorId, 'webhook-endpoint-secret', 'POST', { id });
      expect(rotated.body.secret).toMatch(/^whsec_/);
      const listed = await call(contractorId, 'webhook-endpoints', 'GET');
      expect(JSON.stringify(listed.body)).not.toContain(rotated.body.secret);
    } finally {
      await receiver.close();
    }
  });
});

describe('competing workers', () => {
  it('never hand the same message to two workers claiming at once', async () => {
    const contractorId = randomUUID();
    const { id } = await addEndpoint(contractorId, 'http://127.0.0.1:9/unused');
    // A year ahead of the service's own worker clock, so only the claims below find them due.
    const at = new Date(clock + 365 * 24 * 3_600_000);
    const ids = Array.from({ length: 30 }, (_, i) => `msg_claim_${i}_${randomUUID()}`);
    await queueMessages(
      ctx.db,
      ids.map((m, i) => ({
        id: m,
        endpoint_id: id,
        contractor_id: contractorId,
        event_key: `claim:${i}`,
        type: 'webhook.test',
        lead_id: null,
        body: '{}',
        at,
      })),
    );
    const claim = () => claimDueMessages(ctx.db, at, 20, 60);
    const [a, b, c] = await Promise.all([claim(), claim(), claim()]);
    const taken = [...a, ...b, ...c].map((m) => m.id);
    // What a claim skipped (locked by another) is taken by a later one: each message exactly once.
    for (let more = await claim(); more.length; more = await claim()) taken.push(...more.map((m) => m.id));
    expect(taken.sort()).toEqual([...ids].sort());
    await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  });
});

describe('delivery log retention', () => {
  it('deletes finished messages past the retention with their attempts, never one still to send', async () => {
    const contractorId = randomUUID();
    const { id } = await addEndpoint(contractorId, 'http://127.0.0.1:9/unused');
    const old = new Date(clock + 400 * 24 * 3_600_000);
    const ids = ['delivered', 'failed', 'pending'].map((status) => ({
      status,
      id: `msg_old_${status}_${randomUUID()}`,
    }));
    await queueMessages(
      ctx.db,
      ids.map((m) => ({
        id: m.id,
        endpoint_id: id,
        contractor_id: contractorId,
        event_key: m.id,
        type: 'webhook.test',
        lead_id: null,
        body: '{}',
        at: old,
      })),
    );
    for (const m of ids)
      await ctx.db
        .updateTable('webhook_messages')
        .set({ status: m.status as 'delivered' | 'failed' | 'pending' })
        .where('id', '=', m.id)
        .execute();
    await ctx.db
      .insertInto('webhook_attempts')
      .values({
        message_id: ids[0]!.id,
        attempted_at: old,
        duration_ms: 5,
        status_code: 200,
        response_bytes: 0,
        error: null,
        trigger: 'scheduled',
      })
      .execute();
    await pruneWebhookLog(ctx.db, new Date(old.getTime() + 1000));
    const left = await ctx.db.selectFrom('webhook_messages').select('id').where('endpoint_id', '=', id).execute();
    expect(left.map((m) => m.id)).toEqual([ids[2]!.id]);
    expect(
      await ctx.db.selectFrom('webhook_attempts').select('id').where('message_id', '=', ids[0]!.id).execute(),
    ).toEqual([]);
    await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  });
});
