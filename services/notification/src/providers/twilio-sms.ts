import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { SendResult, SmsProvider } from './provider.js';

type RequestOptions<T> = RequestClient.RequestOptions<T>;

const TWILIO_API_ORIGIN = /^https:\/\/[a-z0-9.-]*twilio\.com/i;

/**
 * The SDK's own HTTP client with the API origin replaced: twilio 6 builds absolute
 * https://api.twilio.com URLs (edge/region only change the host name), so pointing it at a fake
 * server on loopback means rewriting the URI of each request. Everything else — auth, form
 * encoding, response parsing — stays the SDK's.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(TWILIO_API_ORIGIN, this.baseUrl.replace(/\/+$/, '')),
    });
  }
}

/** SMS through Twilio's Messages API with the real SDK. */
export function createTwilioSms(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBaseUrl?: string;
}): SmsProvider {
  const client = twilio(
    options.accountSid,
    options.authToken,
    options.apiBaseUrl ? { httpClient: new BaseUrlRequestClient(options.apiBaseUrl) } : {},
  );
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
