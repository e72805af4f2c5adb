import { toE164 } from '@leadmarket/contracts';
import { ConfigError, envBoolean, envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A comma-separated list of phone numbers, each read as toE164 does (unreadable ones are dropped). */
const phoneList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map(toE164)
      .filter((p): p is string => p !== null),
  );

/** notification's own variables (README "Environment variables"). */
export const NotificationConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Channel-off switches (docs/adr/0003-production-channels.md): messages of that channel fail with the reason, never "sent". */
  SMS_DISABLED: envBoolean(false),
  EMAIL_DISABLED: envBoolean(false),
  /** Twilio credentials; without all three (outside production), SMS go to the development sink (the outbox page). */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM_NUMBER: optional,
  /** Where the Twilio SDK sends API calls instead of https://api.twilio.com (tests point it at a fake server). */
  TWILIO_API_BASE_URL: optional.pipe(z.string().url().optional()),
  /** SMTP server (smtp://user:pass@host:port); without it, emails go to the development sink. */
  SMTP_URL: optional.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().default('leadmarket <no-reply@leadmarket.local>'),
  /** Where contact-form messages are emailed. */
  SUPPORT_EMAIL: z.string().email().default('support@leadmarket.local'),
  /** How often the sender looks for deliveries due (it is also woken when one is queued). */
  NOTIFICATION_POLL_MS: envInt(1000, 50),
  /** Send attempts before a delivery is marked failed. */
  NOTIFICATION_MAX_ATTEMPTS: envInt(5, 1),
  /**
   * Deliveries taken at once, sent concurrently and recorded in one statement: four leads' offers.
   * A crash leaves at most this many to reconcile with the provider.
   */
  NOTIFICATION_BATCH_SIZE: envInt(20, 1),
  /**
   * How long a delivery stays `sending` before it counts as interrupted (its sender died or lost the
   * database) and is reconciled with the provider. Longer than any provider call.
   */
  NOTIFICATION_SEND_LEASE_SECONDS: envInt(60, 1),
  /**
   * Development sink only: numbers it refuses as Twilio refuses a landline (code 21614), to walk
   * the unreachable-customer credit without Twilio (e2e). Ignored when Twilio is configured.
   */
  DEV_SMS_UNREACHABLE_NUMBERS: phoneList,
  /**
   * Server key the contractors' webhook signing secrets are encrypted with (at least 32 characters),
   * so a copy of the database alone does not sign for them. Required in production.
   */
  WEBHOOK_SECRET_KEY: optional,
  /**
   * Development and tests only: let webhook endpoints resolve to loopback (a receiver on this
   * machine). Private, link-local and metadata addresses stay refused; production refuses the switch.
   */
  WEBHOOK_ALLOW_LOOPBACK: envBoolean(false),
  /** How long a webhook message is retried (exponential back-off) before it fails, and how long an endpoint may fail throughout before it is disabled. */
  WEBHOOK_RETRY_WINDOW_HOURS: envInt(24, 1),
  /** One webhook attempt's limit: connecting, and waiting for the answer's headers and body. */
  WEBHOOK_TIMEOUT_MS: envInt(10_000, 100),
  /** Days a delivered or failed webhook message stays in the delivery log (and can be replayed). */
  WEBHOOK_LOG_RETENTION_DAYS: envInt(30, 1),
  /** Webhook messages one worker takes at once (each claimed with SKIP LOCKED, so instances share the work). */
  WEBHOOK_BATCH_SIZE: envInt(10, 1),
});
export type NotificationConfig = z.infer<typeof NotificationConfigSchema>;

export const loadNotificationConfig = (env: Record<string, string | undefined>): NotificationConfig => {
  const config = loadConfig(NotificationConfigSchema, env as NodeJS.ProcessEnv);
  if (config.NODE_ENV === 'production' && config.WEBHOOK_ALLOW_LOOPBACK)
    throw new ConfigError(['WEBHOOK_ALLOW_LOOPBACK=true is refused in production: endpoints must be public addresses']);
  return config;
};

/** True when Twilio is configured (else SMS use the development sink). */
export const twilioConfigured = (
  c: NotificationConfig,
): c is NotificationConfig & { TWILIO_ACCOUNT_SID: string; TWILIO_AUTH_TOKEN: string; TWILIO_FROM_NUMBER: string } =>
  Boolean(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM_NUMBER);
