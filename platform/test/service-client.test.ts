import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_HEADERS } from '@leadmarket/contracts';
import { context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransientError, ServiceCallError, ServiceClients } from '../src/index.js';

/** A plain HTTP server that counts the TCP connections it accepts and echoes what each request carried. */
describe('ServiceClients: keep-alive pools between services', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  const held: Array<() => void> = [];
  let maxHeld = 0;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/missing') return answer(404, { message: 'No such thing here' });
      // Answers only when the test lets it: shows how many calls are in flight at once.
      if (req.url === '/hold') {
        held.push(() => answer(200, { held: true }));
        maxHeld = Math.max(maxHeld, held.length);
        return;
      }
      if (req.url === '/never') return; // never answers: the caller's timeout must end the call
      answer(200, {
        path: req.url,
        token: req.headers[INTERNAL_HEADERS.internalToken] ?? null,
        traceparent: req.headers.traceparent ?? null,
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reuses open connections for calls made one after another instead of one per call', async () => {
    const clients = new ServiceClients({ matching: base }, 'secret');
    const before = connections;
    for (let i = 0; i < 20; i++) {
      const answer = await clients.call('matching', `/echo/${i}`, { query: { a: 1 } });
      expect(answer.path).toBe(`/echo/${i}?a=1`);
    }
    // undici frees a connection a moment after its answer is read, so a call made at once may open a
    // second one; after that both are reused (without keep-alive this would be 20).
    expect(connections - before).toBeLessThanOrEqual(2);
    await clients.close();
  });

  it('opens no more connections to an instance than its pool allows; the other calls wait their turn', async () => {
    const clients = new ServiceClients({ matching: base }, undefined, { connections: 3 });
    const before = connections;
    maxHeld = 0;
    const calls = Promise.all(Array.from({ length: 9 }, () => clients.call('matching', '/hold')));
    await expect.poll(() => held.length).toBe(3);
    for (let released = 0; released < 9; released++) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()!();
    }
    expect((await calls).every((a) => a.held)).toBe(true);
    expect(maxHeld).toBe(3);
    expect(connections - before).toBe(3);
    await clients.close();
  });

  it('carries the internal token and the trace context, and passes on the other service refusing', async () => {
    // The telemetry SDK installs a context manager and the W3C propagator at start-up; here the test does.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const clients = new ServiceClients({ matching: base }, 'secret');
    const span = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
    });
    const answer = await context.with(trace.setSpan(context.active(), span), () => clients.call('matching', '/x'));
    expect(answer.token).toBe('secret');
    expect(answer.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');

    context.disable();
    propagation.disable();

    const refused = await clients.call('matching', '/missing').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceCallError);
    expect((refused as ServiceCallError).status).toBe(404);
    expect((refused as ServiceCallError).message).toBe('No such thing here');
    await clients.close();
  });

  it('gives up on a call after its timeout, with a TimeoutError (an outage: 503, not 500)', async () => {
    const clients = new ServiceClients({ matching: base });
    const err = await clients.call('matching', '/never', { timeoutMs: 200 }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('TimeoutError');
    expect(isTransientError(err)).toBe(true);
    await clients.close();
  });
});
