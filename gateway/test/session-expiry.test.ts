import { service as admin } from '@leadmarket/admin';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { hashToken, MemoryKeyValueStore, SESSION_CACHE_SECONDS, sessionCache } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../services/admin/src/config.js';

// The gateway caches session lookups briefly; a session must still be refused the moment it expires,
// and soon after its expiry is moved into the past in the database.
let stack: TestStack;

testStackForFile((started) => (stack = started), { services: [admin], env: { ADMIN_LOGIN_MAX_ATTEMPTS: '1000' } });

describe('session expiry at the gateway', () => {
  it('refuses an admin session as soon as it expires, though the gateway resolved it moments before', async () => {
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.session_token as string;
    // A session with four seconds left (as a 12-hour session is, near its end).
    const expiresAt = new Date(Date.now() + 4000);
    await stack.marketplace.services
      .get('admin')!
      .ctx.db.updateTable('admin_sessions')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const used = await stack.call('admin-audit-log', { token });
    expect(used.status).toBe(200); // resolved by the admin service, now in the gateway's cache
    await waitFor(() => Date.now() > expiresAt.getTime(), 'the session to expire', 20_000, 50);
    const after = await stack.call('admin-audit-log', { token });
    expect(after.status).toBe(401);
  });

  it('refuses a session whose expiry was moved into the past in the database, within the cache lifetime', async () => {
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    const token = login.body.session_token as string;
    expect((await stack.call('admin-audit-log', { token })).status).toBe(200); // now in the gateway's cache
    await stack.marketplace.services
      .get('admin')!
      .ctx.db.updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Nothing told the gateway: its entry lives at most SESSION_CACHE_SECONDS (the wait allows for a busy machine).
    await waitFor(
      async () => (await stack.call('admin-audit-log', { token })).status === 401,
      'the session to be refused',
      (SESSION_CACHE_SECONDS + 10) * 1000,
      200,
    );
  });
});

describe('sessionCache', () => {
  it('keeps an entry no longer than the session and refuses it after expiry', async () => {
    let now = 1_000_000;
    const kv = new MemoryKeyValueStore();
    const cache = sessionCache(kv, () => now);
    await cache.put('admin', 'tok-a', 'admin-1', 30, new Date(now + 10_500));
    expect(await cache.get('admin', 'tok-a')).toBe('admin-1');
    now += 10_500;
    expect(await cache.get('admin', 'tok-a')).toBeNull();
    // Less than a second left: not cached at all.
    await cache.put('admin', 'tok-b', 'admin-2', 30, new Date(now + 900));
    expect(await kv.get(`session:admin:${hashToken('tok-b')}`)).toBeNull();
    // Without an expiry (older callers), the plain TTL applies.
    await cache.put('contractor', 'tok-c', 'c-3');
    expect(await cache.get('contractor', 'tok-c')).toBe('c-3');
  });
});
