import { CONTRACTOR_MESSAGES, MESSAGES } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { hashToken, ServiceCallError } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contractorsDb, outboxEvents, signUp } from './helpers.js';

let stack: TestStack;
testStackForFile((started) => (stack = started));

const LINK = /https?:\/\/[^\s"'<>]*\/reset-password\?type=contractor&token=[A-Za-z0-9_-]+/;

/**
 * The reset link as emailed: from notification's development outbox when that service serves it;
 * while notification's internal outbox route is not built (404/501), from the PasswordResetRequested
 * this service wrote, which is exactly what notification turns into the email.
 */
async function emailedResetLink(email: string, previous: Set<string>): Promise<string> {
  return waitFor(
    async () => {
      let links: string[];
      try {
        const answer = await stack.marketplace.clients.call<{
          messages: Array<{ to: string; body: string; subject?: string }>;
        }>('notification', '/internal/outbox', {
          query: { channel: 'email', to: email },
        });
        links = answer.messages.filter((m) => m.to === email).flatMap((m) => m.body.match(LINK) ?? []);
      } catch (error) {
        if (!(error instanceof ServiceCallError) || ![404, 501].includes(error.status)) throw error;
        links = (await outboxEvents(stack, 'PasswordResetRequested'))
          .filter((e) => e.data.email === email)
          .map((e) => e.data.reset_url);
      }
      return links.find((l) => !previous.has(l));
    },
    `reset email to ${email}`,
    20_000,
    100,
  );
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('end to end: emailed link, works once, old sessions dead, new password logs in', async () => {
    const { id, token: oldSession, body } = await signUp(stack);
    const second = await stack.call('contractor-login', { body: { username: body.username, password: body.password } });
    expect(second.status).toBe(200);
    // Use both sessions first, so the gateway has them cached: the reset must clear that cache too.
    for (const session of [oldSession, second.body.session_token]) {
      expect((await stack.call('contractor-auth-check', { body: { session_token: session } })).status).toBe(200);
    }

    const forgot = await stack.call('forgot-password', {
      body: { email: body.email.toUpperCase(), user_type: 'contractor', redirect_url: 'https://evil.example/steal' },
    });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(CONTRACTOR_MESSAGES.forgotSent);

    const link = await emailedResetLink(body.email, new Set());
    expect(link.startsWith(stack.marketplace.services.get('contractors')!.ctx.publicBaseUrl)).toBe(true);
    expect(link).not.toContain('evil.example');
    // Once published, the outbox row keeps the link without its token.
    const event = (await outboxEvents(stack, 'PasswordResetRequested')).find((e) => e.data.email === body.email);
    const ttl = new Date(event!.data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(55 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    const resetToken = tokenOf(link);
    // Only the hash is stored.
    const stored = await contractorsDb(stack)
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('contractor_id', '=', id)
      .execute();
    expect(stored.map((r) => r.token_hash)).toEqual([hashToken(resetToken)]);

    const check = await stack.call('verify-reset-token', { query: { token: resetToken, type: 'contractor' } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true });

    const reset = await stack.call('reset-password', {
      body: { token: resetToken, password: 'brand-new-pw', type: 'contractor' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: MESSAGES.reset.success });

    const again = await stack.call('reset-password', {
      body: { token: resetToken, password: 'another-pw-9', type: 'contractor' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.reset.invalidToken);
    const recheck = await stack.call('verify-reset-token', { query: { token: resetToken, type: 'contractor' } });
    expect(recheck.body).toEqual({ valid: false, message: MESSAGES.reset.invalidLink });

    for (const session of [oldSession, second.body.session_token]) {
      const res = await stack.call('contractor-auth-check', { body: { session_token: session } });
      expect(res.status).toBe(401);
    }
    const oldLogin = await stack.call('contractor-login', {
      body: { username: body.username, password: body.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await stack.call('contractor-login', {
      body: { username: body.username, password: 'brand-new-pw' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const { body } = await signUp(stack);
    const known = await stack.call('forgot-password', { body: { email: body.email, user_type: 'contractor' } });
    const before = (await outboxEvents(stack, 'PasswordResetRequested')).length;
    const unknown = await stack.call('forgot-password', {
      body: { email: 'nobody-at-all@example.com', user_type: 'contractor' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await outboxEvents(stack, 'PasswordResetRequested')).length).toBe(before);
  });

  it('an expired link is refused', async () => {
    const { id, body } = await signUp(stack);
    await stack.call('forgot-password', { body: { email: body.email } });
    const link = await emailedResetLink(body.email, new Set());
    await contractorsDb(stack)
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('contractor_id', '=', id)
      .execute();
    const check = await stack.call('verify-reset-token', { query: { token: tokenOf(link) } });
    expect(check.body.valid).toBe(false);
    const reset = await stack.call('reset-password', { body: { token: tokenOf(link), password: 'long-enough-1' } });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(MESSAGES.reset.invalidToken);
  });

  it('validation messages of forgot, verify and reset', async () => {
    const noEmail = await stack.call('forgot-password', { body: { email: '  ', user_type: 'contractor' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe(CONTRACTOR_MESSAGES.emailRequired);
    const badEmail = await stack.call('forgot-password', { body: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe(MESSAGES.contractor.invalidEmail);

    const noToken = await stack.call('verify-reset-token', { query: { type: 'contractor' } });
    expect(noToken.body).toEqual({ valid: false, message: MESSAGES.reset.invalidLink });

    const short = await stack.call('reset-password', {
      body: { token: 'whatever', password: '1234567', type: 'contractor' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.reset.tooShort);
    const mismatch = await stack.call('reset-password', {
      body: { token: 'whatever', password: '12345678', confirm_password: '12345679' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(MESSAGES.reset.passwordsMismatch);
    const bogus = await stack.call('reset-password', { body: { token: 'made-up-token', password: '12345678' } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe(MESSAGES.reset.invalidToken);
    const badType = await stack.call('reset-password', { body: { token: 'x', password: '12345678', type: 'root' } });
    expect(badType.status).toBe(400);
  });

  it('user_type=admin is forwarded to the admin service (same answer for any email)', async () => {
    // Depends on the admin service's /internal/password-reset routes.
    const res = await stack.call('forgot-password', {
      body: { email: 'someone@example.com', user_type: 'admin', redirect_url: 'http://x/reset-password?type=admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CONTRACTOR_MESSAGES.forgotSent);
    const check = await stack.call('verify-reset-token', { query: { token: 'made-up', type: 'admin' } });
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    const reset = await stack.call('reset-password', {
      body: { token: 'made-up', password: '12345678', type: 'admin' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(MESSAGES.reset.invalidToken);
  });
});
