import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { judgeAnswer, judgeFailure, webhookRetryDelayMs } from '../use-cases/deliver-webhooks.js';
import { WebhookRefusedError, checkedAddresses } from '../providers/webhook-http.js';
import { refusedAddress } from './outbound-address.js';
import { newWebhookSecret, openSecret, sealSecret, webhookSignature } from './webhook-secrets.js';

describe('webhook signatures', () => {
  it('verify with the Standard Webhooks library, and not with another secret', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: {} });
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': webhookSignature(secret, 'msg_1', ts, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('are sealed at rest: a sealed secret opens with its key only', () => {
    const secret = newWebhookSecret();
    const sealed = sealSecret('k'.repeat(32), secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(openSecret('k'.repeat(32), sealed)).toBe(secret);
    expect(() => openSecret('x'.repeat(32), sealed)).toThrow();
  });
});

describe('outbound addresses', () => {
  it.each([
    ['127.0.0.1', 'is this server itself'],
    ['::1', 'is this server itself'],
    ['10.1.2.3', 'private or reserved'],
    ['172.20.0.1', 'private or reserved'],
    ['192.168.1.1', 'private or reserved'],
    ['100.64.0.1', 'private or reserved'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.10', 'private or reserved'],
    ['0.0.0.0', 'private or reserved'],
    ['fd12:3456::1', 'private or reserved'],
    ['fe80::1', 'private or reserved'],
    ['::ffff:127.0.0.1', 'is this server itself'],
    ['::ffff:a00:1', 'private or reserved'],
    ['64:ff9b::a00:1', 'private or reserved'],
  ])('refuses %s', (address, words) => {
    expect(refusedAddress(address, { allowLoopback: false })).toContain(words);
  });

  it('allows public addresses, and loopback only with the switch', () => {
    expect(refusedAddress('93.184.215.14', { allowLoopback: false })).toBeNull();
    expect(refusedAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c', { allowLoopback: false })).toBeNull();
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).toContain('private');
  });

  it('refuses a name when any of its addresses is refused, and http when https is required', async () => {
    const options = { allowLoopback: false, requireHttps: false, timeoutMs: 1000 };
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(checkedAddresses(new URL('https://hooks.example.com/'), { ...options, resolver })).rejects.toThrow(
      WebhookRefusedError,
    );
    const publicOnly = async () => [{ address: '93.184.215.14', family: 4 }];
    await expect(
      checkedAddresses(new URL('http://hooks.example.com/'), { ...options, requireHttps: true, resolver: publicOnly }),
    ).rejects.toThrow('only https');
    expect(
      await checkedAddresses(new URL('https://hooks.example.com/'), { ...options, resolver: publicOnly }),
    ).toHaveLength(1);
  });
});

describe('retry policy', () => {
  it('retries timeouts, 5xx and 429, never another 4xx', () => {
    expect(judgeAnswer(204, 0).verdict).toBe('delivered');
    expect(judgeAnswer(500, 10).verdict).toBe('retry');
    expect(judgeAnswer(503, 10).verdict).toBe('retry');
    expect(judgeAnswer(429, 10).verdict).toBe('retry');
    expect(judgeAnswer(400, 10).verdict).toBe('failed');
    expect(judgeAnswer(410, 10).verdict).toBe('failed');
    expect(judgeAnswer(301, 0).verdict).toBe('failed');
    expect(judgeFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })).verdict).toBe('retry');
  });

  it('backs off exponentially to a cap', () => {
    expect([1, 2, 3, 4].map(webhookRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(webhookRetryDelayMs(30)).toBe(3 * 3_600_000);
  });
});
