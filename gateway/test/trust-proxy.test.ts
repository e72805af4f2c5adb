import { randomInt } from 'node:crypto';
import { ConfigError, loadConfig, MemoryKeyValueStore, ServiceClients } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { GatewayConfigSchema } from '../src/config.js';
import type { TrustProxy } from '../src/trust-proxy.js';

// GATEWAY_TRUST_PROXY takes a hop count or the proxies' addresses/CIDRs; X-Forwarded-For from a
// peer that is not a trusted proxy (or the part of it a client wrote) never moves the per-IP limit.
const LIMIT = 5;

async function gatewayTrusting(trustProxy: TrustProxy) {
  // No upstream answers (503), which is fine: the rate limit is decided before forwarding.
  return buildGateway({
    logger: testLogger(),
    kv: new MemoryKeyValueStore(),
    clients: new ServiceClients({}),
    rateLimitPerMinute: LIMIT,
    trustProxy,
  });
}

const spoofed = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function statuses(
  app: Awaited<ReturnType<typeof gatewayTrusting>>,
  n: number,
  request: () => { remoteAddress: string; forwardedFor: string },
) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const { remoteAddress, forwardedFor } = request();
    const res = await app.inject({
      method: 'GET',
      url: '/.netlify/functions/industries',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    out.push(res.statusCode);
  }
  return out;
}

describe('GATEWAY_TRUST_PROXY', () => {
  const parse = (value: string | undefined) =>
    loadConfig(GatewayConfigSchema, { GATEWAY_TRUST_PROXY: value } as NodeJS.ProcessEnv).GATEWAY_TRUST_PROXY;

  it('reads off, a hop count, or addresses and CIDRs, and refuses "trust everyone" and garbage by name', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse(' 10.0.0.0/8, 127.0.0.1 ,::1/128,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1/128',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', 'banana', '10.0.0.0/33', '10.0.0/8']) {
      expect(() => parse(bad)).toThrow(ConfigError);
      expect(() => parse(bad)).toThrow(/GATEWAY_TRUST_PROXY/);
    }
  });

  it('ignores X-Forwarded-For from a peer outside the trusted CIDRs: rotating values are one client', async () => {
    const app = await gatewayTrusting(['10.0.0.0/8']);
    const codes = await statuses(app, LIMIT + 3, () => ({ remoteAddress: '203.0.113.50', forwardedFor: spoofed() }));
    expect(codes.slice(0, LIMIT).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429]);
    await app.close();
  });

  it('behind trusted proxies, limits each real client, whatever it writes into the header itself', async () => {
    const app = await gatewayTrusting(['10.0.0.0/8']);
    // The load balancer (10.1.2.3) appends the address it saw; the client prepended rotating lies.
    const client = (real: string) => () => ({ remoteAddress: '10.1.2.3', forwardedFor: `${spoofed()}, ${real}` });
    const a = await statuses(app, LIMIT + 2, client('198.51.100.7'));
    expect(a.slice(LIMIT)).toEqual([429, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await statuses(app, 1, client('198.51.100.8')))[0]).not.toBe(429);
    await app.close();
  });

  it('with a hop count, takes the address the nearest proxy saw, never one the client wrote', async () => {
    const app = await gatewayTrusting(1);
    const client = (real: string) => () => ({ remoteAddress: '10.9.9.9', forwardedFor: `${spoofed()}, ${real}` });
    const a = await statuses(app, LIMIT + 2, client('198.51.100.9'));
    expect(a.slice(LIMIT)).toEqual([429, 429]);
    expect((await statuses(app, 1, client('198.51.100.10')))[0]).not.toBe(429);
    await app.close();
  });

  it('without it, the socket address is the client (the header changes nothing)', async () => {
    const app = await gatewayTrusting(false);
    const codes = await statuses(app, LIMIT + 1, () => ({ remoteAddress: '203.0.113.60', forwardedFor: spoofed() }));
    expect(codes[LIMIT]).toBe(429);
    await app.close();
  });
});
