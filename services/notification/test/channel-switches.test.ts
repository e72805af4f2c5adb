import { ConfigError } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { loadNotificationConfig } from '../src/config.js';
import { ChannelDisabledError } from '../src/providers/dev-sink.js';
import { providersFrom } from '../src/providers/select-providers.js';
import { isPermanentFailure } from '../src/use-cases/send-deliveries.js';

describe('channel switches', () => {
  it('a switched-off channel refuses to send, for good, with the reason (never "sent")', async () => {
    const providers = providersFrom(
      loadNotificationConfig({ NODE_ENV: 'production', SMS_DISABLED: 'true', EMAIL_DISABLED: 'true' }),
    );
    const sms = providers.sms.send({ to: '+15555550100', body: 'hi' });
    await expect(sms).rejects.toBeInstanceOf(ChannelDisabledError);
    const error = await sms.catch((e: unknown) => e);
    expect(isPermanentFailure(error)).toBe(true);
    expect(String((error as Error).message)).toContain('SMS_DISABLED=true');
    await expect(providers.email.send({ to: 'a@example.com', subject: 's', body: 'b' })).rejects.toThrow(
      'EMAIL_DISABLED=true',
    );
  });

  it('production without credentials and without a switch never builds the development sink', () => {
    expect(() => providersFrom(loadNotificationConfig({ NODE_ENV: 'production' }))).toThrow(ConfigError);
    expect(() => providersFrom(loadNotificationConfig({ NODE_ENV: 'production', SMS_DISABLED: 'true' }))).toThrow(
      /SMTP_URL/,
    );
  });

  it('development without credentials still uses the development outbox', () => {
    const providers = providersFrom(loadNotificationConfig({}));
    expect(providers.sms.name).toBe('dev');
    expect(providers.email.name).toBe('dev');
  });
});
