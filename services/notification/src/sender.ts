import { functionPath } from '@leadmarket/contracts';
import { wakeableJob, type BackgroundJob, type ServiceContext } from '@leadmarket/platform';
import { twilioConfigured, type NotificationConfig } from './config.js';
import { claimDueDeliveries, markAttemptFailed, markSent, type ClaimedDelivery } from './db/deliveries.repository.js';
import { ChannelDisabledError, devEmail, devSms, disabledEmail, disabledSms } from './providers/dev-sink.js';
import { ConfigError } from '@leadmarket/platform';
import type { EmailProvider, SmsProvider } from './providers/provider.js';
import { createSmtpEmail } from './providers/smtp-email.js';
import { createTwilioSms } from './providers/twilio-sms.js';
import { renderBody } from './domain/messages.js';
import { onWake } from './wake.js';
import { bodyToKeep } from './domain/sent-secrets.js';
import { scrubFailedDelivery } from './db/delivery-secrets.repository.js';

export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
}

/**
 * Twilio and SMTP when configured; a refusing provider for a channel switched off; else (outside
 * production only) the development sinks.
 */
export function providersFrom(config: NotificationConfig): Providers {
  const production = config.NODE_ENV === 'production';
  const missing = [
    ...(production && !config.SMS_DISABLED && !twilioConfigured(config)
      ? ['TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM_NUMBER (or SMS_DISABLED=true)']
      : []),
    ...(production && !config.EMAIL_DISABLED && !config.SMTP_URL ? ['SMTP_URL (or EMAIL_DISABLED=true)'] : []),
  ];
  if (missing.length) throw new ConfigError(missing.map((m) => `${m} is required in production`));
  return {
    sms: config.SMS_DISABLED
      ? disabledSms
      : twilioConfigured(config)
        ? createTwilioSms({
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            from: config.TWILIO_FROM_NUMBER,
            apiBaseUrl: config.TWILIO_API_BASE_URL,
          })
        : devSms,
    email: config.EMAIL_DISABLED
      ? disabledEmail
      : config.SMTP_URL
        ? createSmtpEmail({ url: config.SMTP_URL, from: config.MAIL_FROM })
        : devEmail,
  };
}

/** Seconds before retry n (1-based): 2, 4, 8 … capped at 5 minutes. */
export const retryDelaySeconds = (attempt: number): number => Math.min(300, 2 ** attempt);

/**
 * A refusal that retrying cannot fix: Twilio's 4xx (bad number, unsubscribed recipient — except 429)
 * or an SMTP 5xx reply (mailbox does not exist).
 */
export function isPermanentFailure(err: unknown): boolean {
  if (err instanceof ChannelDisabledError) return true;
  const e = err as { status?: unknown; responseCode?: unknown } | null;
  if (typeof e?.status === 'number') return e.status >= 400 && e.status < 500 && e.status !== 429;
  if (typeof e?.responseCode === 'number') return e.responseCode >= 500;
  return false;
}

/** The public URL Twilio posts status callbacks to (also the URL their signature covers). */
export const statusCallbackUrl = (publicBaseUrl: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}${functionPath('twilio-status-webhook')}`;

/**
 * The sender loop: takes due deliveries and hands them to the provider, outside any database
 * transaction, recording the outcome on each row. Woken when a delivery is queued; polls otherwise.
 */
export function senderJob(ctx: ServiceContext, config: NotificationConfig, providers: Providers): BackgroundJob {
  const sendOne = async (d: ClaimedDelivery) => {
    try {
      const body = renderBody(d.body, ctx.publicBaseUrl);
      const result =
        d.channel === 'sms'
          ? await providers.sms.send({
              to: d.recipient,
              body,
              statusCallback: providers.sms.name === 'twilio' ? statusCallbackUrl(ctx.publicBaseUrl) : undefined,
            })
          : await providers.email.send({ to: d.recipient, subject: d.subject ?? '', body });
      await markSent(ctx.db, d.id, { ...result, body: bodyToKeep(result.provider, body) });
    } catch (err) {
      const finalAttempt = d.attempts >= config.NOTIFICATION_MAX_ATTEMPTS || isPermanentFailure(err);
      ctx.logger.warn(
        { delivery_id: d.id, channel: d.channel, attempt: d.attempts, err: String(err) },
        finalAttempt ? 'delivery failed for good' : 'delivery failed; will retry',
      );
      await markAttemptFailed(
        ctx.db,
        d.id,
        String((err as Error)?.message ?? err),
        finalAttempt ? null : retryDelaySeconds(d.attempts),
      );
      if (finalAttempt) await scrubFailedDelivery(ctx.db, d.id);
    }
  };
  return wakeableJob(
    'notification-sender',
    config.NOTIFICATION_POLL_MS,
    ctx.logger,
    async (isStopped) => {
      for (;;) {
        if (isStopped()) return;
        const batch = await claimDueDeliveries(ctx.db, 20);
        if (batch.length === 0) return;
        await Promise.all(batch.map(sendOne));
      }
    },
    onWake,
  );
}
