import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { functionPath, INTERNAL_HEADERS } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { realServersConfigured, waitFor } from '@leadmarket/platform/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationContext } from '../src/context.js';
import { service as notification } from '../src/index.js';
import { now, publish } from './events.js';

// A worker that loses its database between handing a delivery to the receiver and recording it (as
// one killed mid-send does: its claim is committed, its outcome is not) leaves the message
// `sending`. After its lease a worker sends it again with the same webhook-id: the event is not
// lost, and the receiver can tell the duplicate. The outage is a TCP proxy cut in front of
// PostgreSQL, never the shared server.
describe.runIf(realServersConfigured())('a webhook worker cut off mid-send', () => {
  let stack: TestStack;
  let ctx: NotificationContext;
  let receiver: Server;
  let clock = Date.now();
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack({
      services: [notification],
      databaseProxy: true,
      env: { SMTP_URL: '', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: '2000' },
    });
    ctx = stack.marketplace.services.get('notification')!.ctx as NotificationContext;
    ctx.webhooks.now = () => new Date(clock);
    // What the worker says when it could not record an attempt: the moment the outage has done its part.
    const warn = ctx.logger.warn.bind(ctx.logger);
    ctx.logger.warn = ((obj: unknown, msg?: string) => {
      if (typeof msg === 'string') warnings.push(msg);
      return warn(obj as object, msg);
    }) as typeof ctx.logger.warn;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        // The first delivery arrives, and the database goes before the worker can record it.
        if (received.length === 1) await stack.databaseProxy!.cut();
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    await stack?.databaseProxy?.restore();
    await stack?.stop();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('sends the message again after its lease with the same webhook-id, and delivers it', async () => {
    const contractorId = randomUUID();
    const app = stack.marketplace.services.get('notification')!.app;
    const headers = {
      [INTERNAL_HEADERS.internalToken]: stack.marketplace.internalToken,
      [INTERNAL_HEADERS.contractorId]: contractorId,
    };
    const added = await app.inject({
      method: 'POST',
      url: functionPath('webhook-endpoints'),
      headers,
      payload: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        events: ['refund.decided'],
      },
    });
    expect(added.statusCode).toBe(201);
    const { endpoint, secret } = added.json() as { endpoint: { id: string }; secret: string };

    await publish(stack.infra.bus, 'wallet-ledger', {
      type: 'RefundDecided',
      data: {
        refund_id: randomUUID(),
        lead_id: randomUUID(),
        contractor_id: contractorId,
        decision: 'rejected',
        amount_cents: 3000,
        decided_at: now(),
      },
    });
    await waitFor(
      () => warnings.includes('webhook attempt not recorded; retried after its lease'),
      'the worker giving up on recording the attempt',
    );
    await stack.databaseProxy!.restore();

    // Past the lease, the message is due again.
    clock += 60_000;
    ctx.webhooks.wakeup.wake();
    const log = await waitFor(
      async () => {
        const answer = await app.inject({
          method: 'GET',
          url: functionPath('webhook-deliveries'),
          headers,
          query: { endpoint_id: endpoint.id },
        });
        const [m] = (answer.json() as { messages: Array<{ id: string; status: string; attempts: unknown[] }> })
          .messages;
        return m?.status === 'delivered' ? m : undefined;
      },
      'the message delivered after the outage',
      40_000,
    );
    expect(received).toHaveLength(2);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([log.id, log.id]);
    // Both copies are the same signed event (the receiver dedupes on webhook-id).
    const first = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    const second = new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>);
    expect(second).toEqual(first);
    // The log holds what could be recorded: the attempt after the outage.
    expect(log.attempts).toHaveLength(1);
  }, 90_000);
});
