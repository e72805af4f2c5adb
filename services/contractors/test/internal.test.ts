import { CONTRACTOR_MESSAGES, INTERNAL_HEADERS } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { describe, expect, it } from 'vitest';
import { hashToken } from '@leadmarket/platform';
import { sql } from 'kysely';
import { purgeExpired } from '../src/use-cases/housekeeping.js';
import { contractorsDb, outboxEvents, signUp } from './helpers.js';

let stack: TestStack;
testStackForFile((started) => (stack = started));

const internal = <T = any>(path: string, options: Parameters<TestStack['marketplace']['clients']['call']>[2] = {}) =>
  stack.marketplace.clients.call<T>('contractors', path, options);

describe('internal contractor routes', () => {
  it('lists by ids and by search, with a total and no credentials', async () => {
    const a = await signUp(stack, { business_name: 'Zebra Roofing Unique' });
    const b = await signUp(stack);
    const byIds = await internal('/internal/contractors', { query: { ids: `${a.id},${b.id}` } });
    expect(byIds.total).toBe(2);
    expect(byIds.contractors.map((c: any) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(Object.keys(byIds.contractors[0]).sort()).toEqual(
      [
        'business_name',
        'contact_name',
        'created_at',
        'email',
        'id',
        'industry',
        'phone',
        'sms_opt_in',
        'sub_service',
        'zip_codes',
      ].sort(),
    );
    const bySearch = await internal('/internal/contractors', { query: { search: 'zebra roofing' } });
    expect(bySearch.contractors.map((c: any) => c.id)).toEqual([a.id]);
    const paged = await internal('/internal/contractors', { query: { page: 1, limit: 1 } });
    expect(paged.contractors).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('gets one contractor (also as a person types the id), or 404', async () => {
    const a = await signUp(stack);
    expect((await internal(`/internal/contractors/${a.id}`)).id).toBe(a.id);
    expect((await internal(`/internal/contractors/${a.id.toLowerCase()}`)).id).toBe(a.id);
    await expect(internal('/internal/contractors/C-0000000000')).rejects.toMatchObject({
      status: 404,
      body: { message: CONTRACTOR_MESSAGES.notFound },
    });
  });

  it('delete anonymises, kills sessions at once, emits ContractorDeleted and frees the email for a new signup', async () => {
    const victim = await signUp(stack);
    // Warm the gateway's session cache, so the test proves deletion clears it.
    expect((await stack.call('contractor-auth-check', { body: { session_token: victim.token } })).status).toBe(200);

    expect(
      await internal(`/internal/contractors/${victim.id}`, { method: 'DELETE', query: { admin_id: 'admin-1' } }),
    ).toEqual({ deleted: true });

    expect((await stack.call('contractor-auth-check', { body: { session_token: victim.token } })).status).toBe(401);
    await expect(internal(`/internal/contractors/${victim.id}`)).rejects.toMatchObject({ status: 404 });
    await expect(internal(`/internal/contractors/${victim.id}`, { method: 'DELETE' })).rejects.toMatchObject({
      status: 404,
    });
    const login = await stack.call('contractor-login', {
      body: { username: victim.body.username, password: victim.body.password },
    });
    expect(login.status).toBe(401);

    const row = await contractorsDb(stack)
      .selectFrom('contractors')
      .selectAll()
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    for (const personal of [
      victim.body.email,
      victim.body.username,
      victim.body.contact_name,
      victim.body.business_name,
      victim.body.phone,
    ]) {
      expect(stored).not.toContain(personal);
    }
    expect(row.deleted_by).toBe('admin-1');
    const consents = await contractorsDb(stack)
      .selectFrom('sms_consents')
      .selectAll()
      .where('contractor_id', '=', victim.id)
      .execute();
    expect(consents.every((c) => c.ip === null && c.user_agent === null)).toBe(true);

    const deleted = (await outboxEvents(stack, 'ContractorDeleted')).filter((e) => e.data.contractor_id === victim.id);
    expect(deleted).toHaveLength(1);
    const listed = await internal('/internal/contractors', { query: { ids: victim.id } });
    expect(listed.total).toBe(0);
    // The email can sign up again as a new account.
    const again = await stack.call('contractors-signup', { body: { ...victim.body } });
    expect(again.status).toBe(201);
    expect(again.body.contractor_id).not.toBe(victim.id);
  });

  it('stats count live contractors and those seen in 30 days', async () => {
    const before = await internal('/internal/stats');
    const fresh = await signUp(stack);
    const after = await internal('/internal/stats');
    expect(after.total_contractors).toBe(before.total_contractors + 1);
    expect(after.active_contractors).toBe(before.active_contractors + 1);
    await contractorsDb(stack)
      .updateTable('contractors')
      .set({ last_seen_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where('id', '=', fresh.id)
      .execute();
    const stale = await internal('/internal/stats');
    expect(stale.total_contractors).toBe(after.total_contractors);
    expect(stale.active_contractors).toBe(after.active_contractors - 1);
    // A signed-in request seen again: a last_seen_at this old is written anew (a recent one is not).
    const resolved = await internal('/internal/sessions/resolve', { body: { token: fresh.token } });
    expect(resolved.account_id).toBe(fresh.id);
    expect((await internal('/internal/stats')).active_contractors).toBe(after.active_contractors);
  });

  it('writes last_seen_at on a session check only when it is an hour old', async () => {
    const fresh = await signUp(stack);
    const db = contractorsDb(stack);
    const seen = async () =>
      (await db.selectFrom('contractors').select('last_seen_at').where('id', '=', fresh.id).executeTakeFirstOrThrow())
        .last_seen_at as Date;
    const recent = new Date(Date.now() - 30 * 60 * 1000);
    await db.updateTable('contractors').set({ last_seen_at: recent }).where('id', '=', fresh.id).execute();
    await internal('/internal/sessions/resolve', { body: { token: fresh.token } });
    expect(new Date(await seen()).getTime()).toBe(recent.getTime());
    const old = new Date(Date.now() - 61 * 60 * 1000);
    await db.updateTable('contractors').set({ last_seen_at: old }).where('id', '=', fresh.id).execute();
    await internal('/internal/sessions/resolve', { body: { token: fresh.token } });
    expect(new Date(await seen()).getTime()).toBeGreaterThan(recent.getTime());
  });

  it('housekeeping removes expired sessions and keeps live ones', async () => {
    const live = await signUp(stack);
    const dead = await signUp(stack);
    const db = contractorsDb(stack);
    await db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(dead.token))
      .execute();
    const purged = await purgeExpired({ db });
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('contractor_id', 'in', [live.id, dead.id])
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual([hashToken(live.token)]);
  });

  it('resolve refuses an unknown token with 401', async () => {
    await expect(internal('/internal/sessions/resolve', { body: { token: 'nope' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(internal('/internal/sessions/resolve', { body: {} })).rejects.toMatchObject({ status: 400 });
  });

  it('internal routes are not reachable through the gateway', async () => {
    const res = await fetch(new URL('/internal/contractors', stack.url), {
      headers: { [INTERNAL_HEADERS.contractorId]: 'C-X' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
