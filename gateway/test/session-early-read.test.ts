import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import {
  MemoryKeyValueStore,
  ServiceClients,
  sessionCache,
  type RateLimitResult,
  type ServiceApp,
  type WindowKind,
} from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';

// The session's cache entry is read beside the rate-limit hit (both in flight together), not
// after it; the owner of the session is still asked only once the limit let the request through.

/** The memory store, recording the order in which the gateway asks it. */
class RecordingStore extends MemoryKeyValueStore {
  calls: string[] = [];
  override async get(key: string): Promise<string | null> {
    this.calls.push(key.startsWith('session:') ? 'get session' : `get ${key}`);
    return super.get(key);
  }
  override async hit(key: string, limit: number, windowSeconds: number, kind?: WindowKind): Promise<RateLimitResult> {
    this.calls.push('hit');
    return super.hit(key, limit, windowSeconds, kind);
  }
}

let upstream: http.Server;
const asked: string[] = [];
let gateway: ServiceApp;
const kv = new RecordingStore();

beforeAll(async () => {
  // Every service at one address: the contractors service's dashboard and session check.
  upstream = http.createServer((req, res) => {
    asked.push(req.url!.split('?')[0]!);
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url!.startsWith('/internal/'))
      res.end(JSON.stringify({ account_id: 'C-OWNER', expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
    else res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await buildGateway({
    logger: testLogger(),
    kv,
    clients: new ServiceClients(Object.fromEntries(SERVICE_NAMES.map((s) => [s, base]))),
    rateLimitPerMinute: 3,
  });
});
afterAll(async () => {
  await gateway?.close();
  await new Promise((r) => upstream?.close(r));
});

const dashboard = (token: string, ip: string) =>
  gateway.inject({
    method: 'GET',
    url: '/.netlify/functions/contractors-dashboard?contractor_id=C-1',
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });

describe('the session read beside the rate limit', () => {
  it('reads a bearer token’s cached session before the rate-limit answer, and forwards as before', async () => {
    await sessionCache(kv).put('contractor', 'token-of-c1', 'C-1', 3600);
    kv.calls = [];
    asked.length = 0;
    const res = await dashboard('token-of-c1', '192.0.2.1');
    expect(res.statusCode).toBe(200);
    expect(kv.calls).toEqual(['get session', 'hit']);
    expect(asked).toEqual(['/.netlify/functions/contractors-dashboard']);
  });

  it('still refuses another contractor’s id, and never asks the owner for a rate-limited request', async () => {
    await sessionCache(kv).put('contractor', 'token-of-c2', 'C-2', 3600);
    expect((await dashboard('token-of-c2', '192.0.2.2')).statusCode).toBe(403);
    asked.length = 0;
    // An uncached token: the owner is asked only while the limit admits the request.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await dashboard(`unknown-${i}`, '192.0.2.2')).statusCode);
    expect(answers).toEqual([403, 403, 429]);
    expect(asked).toEqual(['/internal/sessions/resolve', '/internal/sessions/resolve']);
  });
});
