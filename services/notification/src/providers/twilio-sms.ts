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
  type MessageInstance = Awaited<ReturnType<typeof client.messages.list>>[number];
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
    // Twilio has no idempotency key for messages, but lists what it accepted. The message itself is
    // known by its exact body (an offer's carries its own claim link) and by having been created after
    // the interrupted call began (a minute's slack for clock skew). Every message to this number
    // from ours sent since then is read, all pages (however many texts the number got meanwhile),
    // and so is the newest page, where a message still queued (no send date yet) is.
    async lookup({ to, body, since }): Promise<SendResult | null> {
      const after = new Date(since.getTime() - 60_000);
      const isIt = (m: MessageInstance) => m.body === body && (!m.dateCreated || m.dateCreated >= after);
      const newest = await client.messages.list({ to, from: options.from, limit: 50 });
      const match =
        newest.find(isIt) ?? (await client.messages.list({ to, from: options.from, dateSentAfter: after })).find(isIt);
      return match ? { provider: 'twilio', providerMessageId: match.sid, status: match.status ?? 'queued' } : null;
    },
  };
}
