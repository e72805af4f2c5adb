import { ConfigError } from '@leadmarket/platform';
import { twilioConfigured, type NotificationConfig } from '../config.js';
import { devEmail, devSmsRefusing, disabledEmail, disabledSms } from './dev-sink.js';
import type { EmailProvider, SmsProvider } from './provider.js';
import { createSmtpEmail } from './smtp-email.js';
import { createTwilioSms } from './twilio-sms.js';

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
        : devSmsRefusing(config.DEV_SMS_UNREACHABLE_NUMBERS),
    email: config.EMAIL_DISABLED
      ? disabledEmail
      : config.SMTP_URL
        ? createSmtpEmail({ url: config.SMTP_URL, from: config.MAIL_FROM })
        : devEmail,
  };
}
