import twilio from 'twilio';
import type { SendResult, SmsProvider } from './provider.js';
import { TwilioHttpClient } from './twilio-http.js';

/**
 * How long a Twilio call may take: 10 s against a base URL (tests, benchmarks), as before; against
 * api.twilio.com the SDK's own default, 30 s, as when production used the SDK's client.
 */
const TIMEOUT_MS = { apiBaseUrl: 10_000, twilio: 30_000 };

/** SMS through Twilio's Messages API with the real SDK. */
export function createTwilioSms(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBaseUrl?: string;
  /** Overrides the timeout above (tests). */
  timeoutMs?: number;
}): SmsProvider {
  const httpClient = new TwilioHttpClient({
    timeoutMs: options.timeoutMs ?? (options.apiBaseUrl ? TIMEOUT_MS.apiBaseUrl : TIMEOUT_MS.twilio),
    apiBaseUrl: options.apiBaseUrl,
  });
  const client = twilio(options.accountSid, options.authToken, { httpClient });
  return {
    name: 'twilio',
    async send({ to, body, statusCallback }): Promise<SendResult> {
      const message = await client.messages.create({
        to,
        from: options.from,
        body,
        ...(statusCallback ? { statusCallback } : {}),
      });
      return { provider: 'twilio', providerMessageId: message.sid, status: message.status ?? 'queued' };
    },
    // Twilio has no idempotency key for messages, but lists what it accepted: the newest messages
    // to this number from our number, matched on the exact body and a creation time after the
    // interrupted call began (a minute's slack for clock skew).
    async lookup({ to, body, since }): Promise<SendResult | null> {
      const recent = await client.messages.list({ to, from: options.from, limit: 50 });
      const match = recent.find(
        (m) => m.body === body && (!m.dateCreated || m.dateCreated.getTime() >= since.getTime() - 60_000),
      );
      return match ? { provider: 'twilio', providerMessageId: match.sid, status: match.status ?? 'queued' } : null;
    },
  };
}
