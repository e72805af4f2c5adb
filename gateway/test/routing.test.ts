import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_HEADERS,
  MESSAGES,
  ROUTES,
  SERVICE_DOWN_RETRY_AFTER_SECONDS,
  SERVICE_LABELS,
  SERVICE_NAMES,
  type FunctionName,
  type ServiceName,
} from '@leadmarket/contracts';
import {
  MemoryKeyValueStore,
  ServiceClients,
  sessionCache,
  type ServiceApp,
  type ServiceUrls,
} from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { buildGateway } from '../src/app.js';

interface Seen {
  service: ServiceName;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One fake upstream per service: records what reached it and answers 501 like an unbuilt function. */
async function startEchoServices(seen: Seen[]) {
  const servers: http.Server[] = [];
  const urls: ServiceUrls = {};
  for (const service of SERVICE_NAMES) {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/internal/sessions/resolve') {
          // An owner that does not know the token.
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end(JSON.stringify({ detail: 'no session', message: 'no session' }));
          return;
        }
        seen.push({ service, method: req.method!, url: req.url!, headers: req.headers, body });
        res
          .writeHead(501, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: 'not yet', message: 'not yet' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    urls[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.push(server);
  }
  return { urls, close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))) };
}

describe('gateway routing by the route table', () => {
  const seen: Seen[] = [];
  const kv = new MemoryKeyValueStore();
  let gateway: ServiceApp;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  const CONTRACTOR_TOKEN = 'contractor-token-of-C-1';
  const ADMIN_TOKEN = 'admin-token-of-A-1';

  beforeAll(async () => {
    echo = await startEchoServices(seen);
    // Sessions resolved earlier sit in the gateway's cache: the hook trusts them without asking an owner.
    await sessionCache(kv).put('contractor', CONTRACTOR_TOKEN, 'C-1', 600);
    await sessionCache(kv).put('admin', ADMIN_TOKEN, 'A-1', 600);
    gateway = await buildGateway({
      logger: testLogger(),
      kv,
      clients: new ServiceClients(echo.urls),
      internalToken: 'internal-secret-123456',
      bodyLimit: 1024,
    });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway.close();
    await echo.close();
    await kv.close();
  });

  const cases = (Object.keys(ROUTES) as FunctionName[]).flatMap((name) =>
    ROUTES[name].methods.map((method) => ({ name, method })),
  );

  it.each(cases)('$method $name reaches its owning service with the verified caller', async ({ name, method }) => {
    const route = ROUTES[name];
    seen.length = 0;
    const token = route.auth === 'admin' ? ADMIN_TOKEN : route.auth === 'contractor' ? CONTRACTOR_TOKEN : undefined;
    const res = await gateway.inject({
      method,
      url: `/.netlify/functions/${name}?contractor_id=C-1`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // A client trying to pose as someone else: must never reach a service.
        [INTERNAL_HEADERS.contractorId]: 'C-evil',
        [INTERNAL_HEADERS.adminId]: 'A-evil',
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { payload: JSON.stringify({ probe: true }) }),
    });
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toBe('not yet');
    expect(seen).toHaveLength(1);
    const hit = seen[0]!;
    expect(hit.service).toBe(route.service);
    expect(hit.method).toBe(method);
    expect(hit.url.startsWith(`/.netlify/functions/${name}`)).toBe(true);
    expect(hit.headers[INTERNAL_HEADERS.internalToken]).toBe('internal-secret-123456');
    expect(hit.headers[INTERNAL_HEADERS.contractorId]).toBe(route.auth === 'contractor' ? 'C-1' : undefined);
    expect(hit.headers[INTERNAL_HEADERS.adminId]).toBe(route.auth === 'admin' ? 'A-1' : undefined);
    if (method !== 'GET') expect(JSON.parse(hit.body)).toEqual({ probe: true });
  });

  it('answers 404 JSON for an unknown function', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/.netlify/functions/no-such-function' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('no-such-function');
  });

  it('answers 405 for a method the function does not take', async () => {
    const res = await gateway.inject({ method: 'DELETE', url: '/.netlify/functions/leads-submit' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/.netlify/functions/leads-submit',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.server.payloadTooLarge);
  });

  it('answers 400 for malformed JSON, before any service sees it', async () => {
    seen.length = 0;
    const res = await gateway.inject({
      method: 'POST',
      url: '/.netlify/functions/leads-submit',
      headers: { 'content-type': 'application/json' },
      payload: '{"customer_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MESSAGES.server.malformedJson);
    expect(seen).toHaveLength(0);
  });

  it('passes a webhook body through byte for byte (signatures cover the raw body)', async () => {
    seen.length = 0;
    const raw = '{"id":"evt_1",  "type":"checkout.session.completed"}';
    await gateway.inject({
      method: 'POST',
      url: '/.netlify/functions/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: raw,
    });
    expect(seen[0]!.body).toBe(raw);
    expect(seen[0]!.headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  it('refuses a contractor function without a session (401) and for another contractor (403)', async () => {
    const none = await gateway.inject({
      method: 'GET',
      url: '/.netlify/functions/contractors-dashboard?contractor_id=C-1',
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(MESSAGES.contractor.sessionExpired);
    const other = await gateway.inject({
      method: 'GET',
      url: '/.netlify/functions/contractors-dashboard?contractor_id=C-2',
      headers: { authorization: `Bearer ${CONTRACTOR_TOKEN}` },
    });
    expect(other.statusCode).toBe(403);
    const inBody = await gateway.inject({
      method: 'POST',
      url: '/.netlify/functions/purchase-lead',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ session_token: CONTRACTOR_TOKEN, contractor_id: 'C-2', lead_id: 'x' }),
    });
    expect(inBody.statusCode).toBe(403);
  });

  it('refuses an admin function with a contractor session', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/.netlify/functions/admin-stats',
      headers: { authorization: `Bearer ${CONTRACTOR_TOKEN}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 JSON when a service is down, never a hang or a 500', async () => {
    const clients = new ServiceClients({ ...echo.urls, 'lead-intake': 'http://127.0.0.1:1' });
    const app = await buildGateway({ logger: testLogger(), kv, clients });
    const res = await app.inject({
      method: 'POST',
      url: '/.netlify/functions/leads-submit',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      MESSAGES.server.serviceDown(SERVICE_LABELS['lead-intake'], SERVICE_DOWN_RETRY_AFTER_SECONDS),
    );
    expect(res.headers['retry-after']).toBe(String(SERVICE_DOWN_RETRY_AFTER_SECONDS));
    await app.close();
  });

  it('rate-limits per IP', async () => {
    const app = await buildGateway({
      logger: testLogger(),
      kv: new MemoryKeyValueStore(),
      clients: new ServiceClients(echo.urls),
      rateLimitPerMinute: 3,
    });
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await app.inject({ method: 'GET', url: '/.netlify/functions/industries' })).statusCode);
    expect(codes).toEqual([501, 501, 501, 429]);
    await app.close();
  });

  it('takes the client address from X-Forwarded-For only when told to trust the proxy', async () => {
    const forwardedFor = { 'x-forwarded-for': '203.0.113.9' };
    seen.length = 0;
    await gateway.inject({ method: 'GET', url: '/.netlify/functions/industries', headers: forwardedFor });
    expect(seen[0]!.headers[INTERNAL_HEADERS.clientIp]).not.toBe('203.0.113.9');
    const behindProxy = await buildGateway({
      logger: testLogger(),
      kv,
      clients: new ServiceClients(echo.urls),
      trustProxy: ['127.0.0.1'],
    });
    seen.length = 0;
    await behindProxy.inject({ method: 'GET', url: '/.netlify/functions/industries', headers: forwardedFor });
    expect(seen[0]!.headers[INTERNAL_HEADERS.clientIp]).toBe('203.0.113.9');
    await behindProxy.close();
  });

  it('serves the SPA fallback for page routes and JSON 404 for unknown API paths', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/claim/some-token' });
    expect(page.statusCode).toBe(200);
    const api = await gateway.inject({ method: 'POST', url: '/internal/anything' });
    expect(api.statusCode).toBe(404);
  });
});
