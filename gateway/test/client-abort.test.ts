import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { MemoryKeyValueStore, ServiceClients, type ServiceApp } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

// A client that hangs up while its call is still with the service is logged at info, not as an
// "unhandled error" at error level (it is the client's choice, not our fault).
const lines: Array<{ level: number; msg: string }> = [];
const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
let upstream: Server;
let gateway: ServiceApp;
let port: number;
let upstreamGot = 0;

beforeAll(async () => {
  // A slow service: answers after a while (the client is gone by then).
  upstream = createServer((req, res) => {
    upstreamGot++;
    req.resume();
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 1000);
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await buildGateway({
    logger,
    kv: new MemoryKeyValueStore(),
    clients: new ServiceClients(Object.fromEntries(SERVICE_NAMES.map((s) => [s, base]))),
  });
  port = Number(new URL(await gateway.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  await gateway?.close();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
});

describe('client aborts', () => {
  it('are logged at info, with nothing at error level', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const body = '{"zip_code":"10001"}';
    socket.write(
      `POST /.netlify/functions/leads-submit HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await waitFor(() => upstreamGot > 0, 'the call to reach the service');
    socket.destroy();
    const logged = await waitFor(
      () => lines.find((l) => l.msg === 'client closed the connection'),
      'the abort to be logged',
      20_000,
    );
    expect(logged.level).toBe(30);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
