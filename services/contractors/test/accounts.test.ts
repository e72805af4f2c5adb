import { CONTRACTOR_MESSAGES, MESSAGES, SMS_CONSENT_WORDING } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { hashToken } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contractorsDb, outboxEvents, signUp, signupBody } from './helpers.js';

let stack: TestStack;
testStackForFile((started) => (stack = started));

describe('signup', () => {
  it('creates the account, a session, the SMS consent record and ContractorRegistered', async () => {
    const body = signupBody();
    const res = await stack.call('contractors-signup', { body, headers: { 'user-agent': 'vitest-agent' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: CONTRACTOR_MESSAGES.signupSuccess });
    expect(res.body.contractor_id).toMatch(/^C-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(res.body.session_token.length).toBeGreaterThanOrEqual(43);
    expect(res.body.redirect_url).toBe(`/welcome?contractor_id=${res.body.contractor_id}`);
    const id = res.body.contractor_id;

    const db = contractorsDb(stack);
    const row = await db.selectFrom('contractors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(body.password);
    expect(row.zip_codes).toEqual(['10001', '10002']);
    // Only the hash of the session token is stored.
    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('contractor_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(res.body.session_token));

    const consents = await db.selectFrom('sms_consents').selectAll().where('contractor_id', '=', id).execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      opted_in: true,
      source: 'signup',
      wording: SMS_CONSENT_WORDING,
      user_agent: 'vitest-agent',
    });
    expect(consents[0].ip).toMatch(/127\.0\.0\.1|::1/);
    expect(consents[0].recorded_at).toBeTruthy();

    const registered = (await outboxEvents(stack, 'ContractorRegistered')).find((e) => e.data.contractor_id === id);
    expect(registered?.data).toMatchObject({
      email: body.email,
      zip_codes: ['10001', '10002'],
      industry: 'home_services',
      sub_service: 'hvac',
      sms_opt_in: true,
    });
  });

  it('refuses a taken email and a taken username with a message each, storing nothing', async () => {
    const first = await signUp(stack);
    const before = await contractorsDb(stack)
      .selectFrom('contractors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const sameEmail = await stack.call('contractors-signup', {
      body: signupBody(undefined, { email: first.body.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(CONTRACTOR_MESSAGES.emailTaken);
    const sameUser = await stack.call('contractors-signup', {
      body: signupBody(undefined, { username: first.body.username.toUpperCase() }),
    });
    expect(sameUser.status).toBe(409);
    expect(sameUser.body.message).toBe(CONTRACTOR_MESSAGES.usernameTaken);
    const after = await contractorsDb(stack)
      .selectFrom('contractors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('two simultaneous signups with one email: one account, one clear 409, no 5xx', async () => {
    const body = signupBody();
    const results = await Promise.all([
      stack.call('contractors-signup', { body }),
      stack.call('contractors-signup', { body: { ...body, username: `${body.username}_2` } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(CONTRACTOR_MESSAGES.emailTaken);
  });

  it('records an explicit no when the SMS box is left unticked', async () => {
    const { id } = await signUp(stack, { sms_opt_in: undefined });
    const consent = await contractorsDb(stack)
      .selectFrom('sms_consents')
      .selectAll()
      .where('contractor_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(consent.opted_in).toBe(false);
  });
});

describe('login', () => {
  it('logs in with username and password, and refuses a wrong password or unknown user alike', async () => {
    const { id, body } = await signUp(stack);
    const ok = await stack.call('contractor-login', { body: { username: body.username, password: body.password } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, contractor_id: id, redirect_url: `/contractor/${id}` });
    expect(typeof ok.body.session_token).toBe('string');

    const wrong = await stack.call('contractor-login', {
      body: { username: body.username, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(CONTRACTOR_MESSAGES.loginInvalid);
    const unknown = await stack.call('contractor-login', {
      body: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(CONTRACTOR_MESSAGES.loginInvalid);
    const blank = await stack.call('contractor-login', { body: { username: '', password: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MESSAGES.contractor.requiredFields);
  });

  it('refuses the eleventh bad login in a minute for that username and IP, even with the right password', async () => {
    const { body } = await signUp(stack);
    for (let i = 1; i <= 10; i++) {
      const res = await stack.call('contractor-login', { body: { username: body.username, password: `bad-${i}` } });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const eleventh = await stack.call('contractor-login', { body: { username: body.username, password: 'bad-11' } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(CONTRACTOR_MESSAGES.loginLocked);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await stack.call('contractor-login', { body: { username: body.username, password: body.password } });
    expect(right.status).toBe(429);
    // Another username from the same IP is not locked out.
    const other = await signUp(stack);
    const fine = await stack.call('contractor-login', {
      body: { username: other.body.username, password: other.body.password },
    });
    expect(fine.status).toBe(200);
  });
});

describe('sessions', () => {
  it('auth-check answers the contractor for a bearer, body or query token', async () => {
    const { id, token } = await signUp(stack);
    const viaBody = await stack.call('contractor-auth-check', { body: { session_token: token } });
    expect(viaBody.status).toBe(200);
    expect(viaBody.body.contractor).toMatchObject({ id, zip_codes: ['10001', '10002'], sub_service: 'hvac' });
    expect(viaBody.body.contractor.password_hash).toBeUndefined();
    const viaBearer = await stack.call('contractor-auth-check', { method: 'POST', token, body: {} });
    expect(viaBearer.status).toBe(200);
    const viaQuery = await stack.call('contractors-dashboard', { query: { contractor_id: id, session_token: token } });
    expect(viaQuery.status).toBe(200);
  });

  it('slides the expiry forward on use, and an expired session is refused', async () => {
    const { token } = await signUp(stack);
    const db = contractorsDb(stack);
    const hash = hashToken(token);
    await db
      .updateTable('sessions')
      .set({ expires_at: sql`now() + interval '1 day'` })
      .where('token_hash', '=', hash)
      .execute();
    const resolved = await stack.marketplace.clients.call('contractors', '/internal/sessions/resolve', {
      body: { token },
    });
    expect(resolved.account_id).toBeTruthy();
    const row = await db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    await db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hash)
      .execute();
    await expect(
      stack.marketplace.clients.call('contractors', '/internal/sessions/resolve', { body: { token } }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('logout ends the session at once (gateway cache included)', async () => {
    const { token } = await signUp(stack);
    expect((await stack.call('contractor-auth-check', { body: { session_token: token } })).status).toBe(200);
    const out = await stack.call('contractor-logout', { body: { session_token: token } });
    expect(out.status).toBe(200);
    const after = await stack.call('contractor-auth-check', { body: { session_token: token } });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.contractor.sessionExpired);
  });
});

describe('dashboard', () => {
  // Depends on wallet-ledger (GET /internal/wallets/:id and the $25 grant from ContractorRegistered).
  it('shows the $25 signup credit as wallet_balance 25.00', async () => {
    const { id, token } = await signUp(stack);
    const res = await waitFor(
      async () => {
        const r = await stack.call('contractors-dashboard', { query: { contractor_id: id, session_token: token } });
        return r.status === 200 && r.body.wallet_balance === 25 ? r : undefined;
      },
      'wallet_balance 25 on the dashboard',
      15_000,
      200,
    );
    expect(res.body.contractor).toMatchObject({ id, sub_service: 'hvac' });
    expect(res.body.missing ?? []).not.toContain('wallet_balance');
  });
});
