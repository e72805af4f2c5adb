import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as notification } from '../src/index.js';
import { publish } from './events.js';
import { startFakeSmtp } from './fake-smtp.js';

// The SMTP adapter (nodemailer) against a fake SMTP server on loopback.
let stack: TestStack;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  stack = await startTestStack({
    services: [notification],
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'leadmarket <no-reply@leads.example.test>' },
  });
});

afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

describe('password reset email over SMTP', () => {
  it('sends the reset link once, even when the event is redelivered', async () => {
    const resetUrl = 'https://leads.example.test/reset-password?token=tok123&type=contractor';
    const event = await publish(stack.infra.bus, 'contractors', {
      type: 'PasswordResetRequested',
      data: {
        user_type: 'contractor',
        email: 'owner@example.com',
        reset_url: resetUrl,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    await stack.infra.bus.publish(event);
    const [mail] = await waitFor(
      () => (smtp.mails.length ? smtp.mails : undefined),
      'the email at the fake SMTP server',
      20_000,
    );
    expect(mail!.from).toBe('no-reply@leads.example.test');
    expect(mail!.to).toEqual(['owner@example.com']);
    expect(mail!.data).toContain('Subject: Reset your leadmarket password');
    expect(mail!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain(resetUrl);
    // A reset for another address, published after the redelivery, arrives only once the
    // redelivery has been dealt with: then the owner still has exactly one email.
    await publish(stack.infra.bus, 'contractors', {
      type: 'PasswordResetRequested',
      data: {
        user_type: 'contractor',
        email: 'later@example.com',
        reset_url: resetUrl,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    await waitFor(() => smtp.mails.some((m) => m.to.includes('later@example.com')), 'the later email', 20_000);
    expect(smtp.mails.filter((m) => m.to.includes('owner@example.com'))).toHaveLength(1);
    const db = stack.marketplace.services.get('notification')!.ctx.db;
    const row = await db
      .selectFrom('deliveries')
      .select(['status', 'provider'])
      .where('kind', '=', 'password_reset')
      .where('recipient', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', provider: 'smtp' });
  });
});
