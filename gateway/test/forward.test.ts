import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import {
  INTERNAL_HEADERS,
  MESSAGES,
  SERVICE_DOWN_RETRY_AFTER_SECONDS,
  SERVICE_LABELS,
  SERVICE_NAMES,
} from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp } from '@leadmarket/platform';
import { testLogger, waitFor } from '@leadmarket/platform/testing';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

// The gateway's forwarding (src/forward.ts) against plain HTTP servers standing in for the services:
// what reaches the service, what reaches the client, and what happens when an instance fails.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const BINARY = Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22, 0x0a, 0x7d]);

/** A stand-in service: records what reached it and answers by the last path segment. */
async function startUpstream(name: string, { cuts = true } = {}) {
  const seen: Seen[] = [];
  let flaky = 0;
  const closedEarly: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const tail = req.url!.split('?')[0]!.split('/').pop();
      res.on('close', () => {
        if (!res.writableFinished) closedEarly.push(req.url!);
      });
      if (tail === 'reset' && cuts) return void req.socket.destroy();
      switch (tail) {
        case 'cookies':
          res.writeHead(201, [
            ['content-type', 'text/html; charset=utf-8'],
            ['set-cookie', 'a=1; Path=/'],
            ['set-cookie', 'b=2; HttpOnly'],
            ['cache-control', 'no-store'],
            ['location', '/dev/outbox/elsewhere'],
            ['keep-alive', 'timeout=99'],
            ['upgrade', 'h2c'],
            ['proxy-authenticate', 'Basic'],
            ['x-from', name],
          ] as unknown as http.OutgoingHttpHeaders);
          res.end('<p>hi</p>');
          return;
        case 'binary':
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          // Two writes: the answer arrives in chunks (and chunked), the client gets it whole.
          res.write(BINARY.subarray(0, 3));
          setImmediate(() => res.end(BINARY.subarray(3)));
          return;
        case 'head':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '123' }).end();
          return;
        case 'flaky':
          // Two 503s, then an answer: a GET is asked again (the same instance).
          if (++flaky <= 2) res.writeHead(503, { 'content-type': 'application/json' }).end('{"busy":true}');
          else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
          return;
        case 'hang':
          return; // never answers
        default:
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ from: name }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    closedEarly,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** An address where nothing listens (a server started and closed): connections are refused. */
async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((r) => server.close(r));
  return url;
}

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

async function gatewayFor(urls: string) {
  return buildGateway({
    logger: testLogger(),
    kv: new MemoryKeyValueStore(),
    clients: new ServiceClients(Object.fromEntries(SERVICE_NAMES.map((s) => [s, urls]))),
    internalToken: 'internal-secret-123456',
    devPages: true,
  });
}

const exporter = new InMemorySpanExporter();

describe('forwarding to a service', () => {
  let up: Upstream;
  let gateway: ServiceApp;
  let port: number;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    up = await startUpstream('one');
    gateway = await gatewayFor(up.url);
    port = Number(new URL(await gateway.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await gateway?.close();
    await up?.close();
    trace.disable();
    propagation.disable();
    context.disable();
  });
  beforeEach(() => {
    up.seen.length = 0;
    exporter.reset();
  });

  it('sends the client headers minus internal and hop-by-hop ones, plus its own', async () => {
    const clientTrace = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const res = await gateway.inject({
      method: 'POST',
      url: '/.netlify/functions/leads-submit?source=test',
      headers: {
        host: 'market.example',
        'content-type': 'application/json; charset=utf-8',
        connection: 'keep-alive, x-listed',
        'x-listed': 'dropped',
        te: 'trailers',
        'proxy-authorization': 'Basic eDp5',
        traceparent: clientTrace,
        [INTERNAL_HEADERS.contractorId]: 'C-evil',
        [INTERNAL_HEADERS.adminId]: 'A-evil',
        [INTERNAL_HEADERS.internalToken]: 'forged',
        [INTERNAL_HEADERS.clientIp]: '203.0.113.66',
        'x-custom': 'kept',
      },
      payload: '{"zip_code": "10001"}',
    });
    expect(res.statusCode).toBe(200);
    expect(up.seen).toHaveLength(1);
    const hit = up.seen[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/.netlify/functions/leads-submit?source=test');
    expect(hit.body.toString()).toBe('{"zip_code": "10001"}');
    const h = hit.headers;
    expect(h['content-type']).toBe('application/json; charset=utf-8');
    expect(h['content-length']).toBe(String(hit.body.length));
    expect(h['x-custom']).toBe('kept');
    expect(h.host).toBe(new URL(up.url).host);
    expect(h[INTERNAL_HEADERS.internalToken]).toBe('internal-secret-123456');
    expect(h[INTERNAL_HEADERS.clientIp]).toBe('127.0.0.1');
    expect(h[INTERNAL_HEADERS.contractorId]).toBeUndefined();
    expect(h[INTERNAL_HEADERS.adminId]).toBeUndefined();
    expect(h['x-request-id']).toBe(res.headers['x-request-id']);
    for (const dropped of ['x-listed', 'te', 'proxy-authorization', 'transfer-encoding'])
      expect(h[dropped], dropped).toBeUndefined();
    // The gateway's own span continues the trace, never the client's.
    expect(h.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(h.traceparent).not.toBe(clientTrace);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'gateway POST /.netlify/functions/leads-submit');
    expect(span?.attributes['http.status_code']).toBe(200);
    expect(h.traceparent).toContain(span!.spanContext().spanId);
  });

  it('passes an untyped body byte for byte as application/octet-stream, and no body on a GET', async () => {
    await gateway.inject({ method: 'POST', url: '/dev/checkout/pay', payload: BINARY });
    expect(up.seen[0]!.body.equals(BINARY)).toBe(true);
    expect(up.seen[0]!.headers['content-type']).toBe('application/octet-stream');
    await gateway.inject({ method: 'GET', url: '/dev/checkout/pay', headers: { 'content-type': 'text/plain' } });
    expect(up.seen[1]!.body.length).toBe(0);
    expect(up.seen[1]!.headers['content-length']).toBeUndefined();
  });

  it("answers with the service's status, headers and bytes, minus hop-by-hop headers", async () => {
    const res = await gateway.inject({ method: 'GET', url: '/dev/outbox/cookies' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toBe('/dev/outbox/elsewhere');
    expect(res.headers['x-from']).toBe('one');
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(res.headers.upgrade).toBeUndefined();
    expect(res.headers['proxy-authenticate']).toBeUndefined();
    expect(res.body).toBe('<p>hi</p>');
    expect(res.headers['content-length']).toBe('9');
    const span = exporter.getFinishedSpans().find((s) => s.name === 'gateway GET /dev/outbox/cookies');
    expect(span?.attributes['http.status_code']).toBe(201);

    const binary = await gateway.inject({ method: 'GET', url: '/dev/outbox/binary' });
    expect(binary.rawPayload.equals(BINARY)).toBe(true);
    expect(binary.headers['content-length']).toBe(String(BINARY.length));
    expect(binary.headers['transfer-encoding']).toBeUndefined();
  });

  it('answers a HEAD with the headers and no body', async () => {
    const res = await gateway.inject({ method: 'HEAD', url: '/dev/outbox/head' });
    expect(up.seen[0]!.method).toBe('HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-length']).toBe('123');
    expect(res.rawPayload.length).toBe(0);
  });

  it('asks again when a GET is answered 503, as reply-from did', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/dev/outbox/flaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(up.seen).toHaveLength(3);
  });

  it('refuses a path that climbs out of its prefix', async () => {
    // Over a socket: inject would resolve the %2e%2e itself.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/dev/outbox/%2e%2e/internal/x', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject),
    );
    expect(status).toBe(400);
    expect(up.seen).toHaveLength(0);
  });

  it('stops the call to the service when the client goes away', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /dev/outbox/hang HTTP/1.1\r\nHost: test\r\n\r\n');
    await waitFor(() => up.seen.some((s) => s.url === '/dev/outbox/hang'), 'the call to reach the service');
    socket.destroy();
    await waitFor(() => up.closedEarly.includes('/dev/outbox/hang'), 'the call to the service to be dropped');
  });
});

describe('forwarding when an instance fails', () => {
  let up: Upstream;
  let down: string;
  const apps: ServiceApp[] = [];

  beforeAll(async () => {
    up = await startUpstream('two');
    down = await refusedUrl();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await up?.close();
  });
  const gateway = async (urls: string) => {
    const app = await gatewayFor(urls);
    apps.push(app);
    return app;
  };

  it('answers 503 JSON when the only instance is down', async () => {
    const app = await gateway(down);
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/dev/outbox/x', payload: method === 'POST' ? '{}' : undefined });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        MESSAGES.server.serviceDown(SERVICE_LABELS.notification, SERVICE_DOWN_RETRY_AFTER_SECONDS),
      );
      expect(res.headers['retry-after']).toBe(String(SERVICE_DOWN_RETRY_AFTER_SECONDS));
    }
  });

  it('sends a GET, and a write that never reached, to another instance', async () => {
    // Each call starts at the first instance (down): the refused call goes on to the second.
    const app = await gateway(`${down},${up.url}`);
    up.seen.length = 0;
    for (let i = 0; i < 2; i++) {
      const read = await app.inject({ method: 'GET', url: '/.netlify/functions/industries' });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ from: 'two' });
    }
    const write = await app.inject({
      method: 'POST',
      url: '/.netlify/functions/leads-submit',
      headers: { 'content-type': 'application/json' },
      payload: '{"zip_code":"10001"}',
    });
    expect(write.statusCode).toBe(200);
    expect(up.seen.map((s) => s.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('does not repeat a write that reached an instance which then failed; a read it repeats', async () => {
    const other = await startUpstream('three', { cuts: false });
    try {
      // up answers /reset by cutting the connection; other answers it normally.
      const app = await gateway(`${up.url},${other.url}`);
      up.seen.length = 0;
      const write = await app.inject({ method: 'POST', url: '/dev/outbox/reset', payload: '{}' });
      expect(write.statusCode).toBe(503);
      expect(up.seen).toHaveLength(1);
      expect(other.seen).toHaveLength(0);
      // The next call starts at `other`; the one after at `up`, which fails, and goes to `other`.
      for (let i = 0; i < 2; i++) {
        const read = await app.inject({ method: 'GET', url: '/dev/outbox/reset' });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual({ from: 'three' });
      }
      expect(up.seen).toHaveLength(2);
      expect(other.seen).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
