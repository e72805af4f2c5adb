import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Messages.create call as the fake Twilio server received it. */
export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
  authorization?: string;
  at: number;
}

/** A message resource as Twilio's API returns it. */
const resource = (m: ReceivedSms) => ({
  sid: m.sid,
  account_sid: m.accountSid,
  to: m.to,
  from: m.from,
  body: m.body,
  status: 'queued',
  num_segments: '1',
  direction: 'outbound-api',
  date_created: new Date(m.at).toUTCString(),
  date_updated: new Date(m.at).toUTCString(),
  // Handed to the carrier at once.
  date_sent: new Date(m.at).toUTCString(),
});

export interface FakeTwilioOptions {
  /**
   * Runs after a message is recorded and before Twilio answers: a test can kill the sender here,
   * between the provider accepting a message and the sender recording it.
   */
  onAccepted?: (sms: ReceivedSms) => Promise<void> | void;
  /**
   * Refuse a message to this number as Twilio's API does for a bad number: HTTP 400 with Twilio's
   * error code (e.g. 21211 invalid, 21614 landline). Undefined sends it normally.
   */
  refuse?: (to: string) => { code: number; message: string } | undefined;
  /**
   * Report the fate of accepted messages as Twilio does: a status callback, signed with the auth
   * token over the StatusCallback URL the message named, POSTed to `reachVia()` + that URL's path
   * (the public URL is not on loopback; a proxy in front of the gateway does the same).
   */
  statusReports?: {
    authToken: string;
    reachVia: () => string;
    /** The final status and error code to report for a number; undefined reports nothing. */
    outcome: (to: string) => { status: 'failed' | 'undelivered'; errorCode: string; errorMessage: string } | undefined;
  };
}

/** A status callback the fake Twilio posted, with when it posted it and the answer it got. */
export interface SentReport {
  sid: string;
  params: Record<string, string>;
  at: number;
  status: number;
}

/** The environment that points notification's Twilio provider at `apiBaseUrl` with fresh credentials. */
export const twilioTestEnv = (apiBaseUrl: string) => ({
  TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
  TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: apiBaseUrl,
});

/**
 * A loopback stand-in for api.twilio.com: answers POST /2010-04-01/Accounts/{sid}/Messages.json
 * like Twilio (201 with a message resource) and records what it got; GET on the same path lists
 * messages (newest first, filtered by To and From) as Twilio's Messages list does.
 */
export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<{
  url: string;
  messages: ReceivedSms[];
  reports: SentReport[];
  listRequests: Array<Record<string, string>>;
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}> {
  const messages: ReceivedSms[] = [];
  const reports: SentReport[] = [];
  /** The query of every list request (each page), for tests of the lookup. */
  const listRequests: Array<Record<string, string>> = [];
  let failures = 0;
  let failureStatus = 500;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://twilio.local');
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        // Newest first, filtered by To, From and DateSent> (a time), paged as Twilio pages.
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const sentAfter = url.searchParams.get('DateSent>');
        const after = sentAfter ? Date.parse(sentAfter) : undefined;
        const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
        const page = Number(url.searchParams.get('Page') ?? 0);
        const all = messages
          .filter(
            (m) =>
              m.accountSid === match[1] &&
              (!to || m.to === to) &&
              (!from || m.from === from) &&
              (after === undefined || m.at >= after),
          )
          .reverse();
        const found = all.slice(page * pageSize, (page + 1) * pageSize);
        const pageUri = (n: number) => {
          const next = new URLSearchParams(url.searchParams);
          next.set('Page', String(n));
          next.set('PageSize', String(pageSize));
          next.set('PageToken', `PA${n * pageSize}`);
          return `${url.pathname}?${next}`;
        };
        listRequests.push(Object.fromEntries(url.searchParams));
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            messages: found.map(resource),
            first_page_uri: pageUri(0),
            next_page_uri: (page + 1) * pageSize < all.length ? pageUri(page + 1) : null,
            previous_page_uri: page > 0 ? pageUri(page - 1) : null,
            page,
            page_size: pageSize,
            uri: `${url.pathname}${url.search}`,
            start: page * pageSize,
            end: page * pageSize + Math.max(0, found.length - 1),
          }),
        );
        return;
      }
      if (req.method !== 'POST' || !match) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 20404, message: 'not found', status: 404 }));
        return;
      }
      if (failures > 0) {
        failures--;
        const invalidNumber = failureStatus === 400;
        res.writeHead(failureStatus, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            code: invalidNumber ? 21211 : 20500,
            message: invalidNumber ? "The 'To' number is not a valid phone number." : 'Internal error',
            status: failureStatus,
          }),
        );
        return;
      }
      const form = new URLSearchParams(raw);
      const refusal = options.refuse?.(form.get('To') ?? '');
      if (refusal) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            code: refusal.code,
            message: refusal.message,
            more_info: `https://www.twilio.com/docs/errors/${refusal.code}`,
            status: 400,
          }),
        );
        return;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const received: ReceivedSms = {
        sid,
        accountSid: match[1]!,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? undefined,
        authorization: req.headers.authorization,
        at: Date.now(),
      };
      messages.push(received);
      await options.onAccepted?.(received);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(resource(received)));
      const report = options.statusReports;
      const outcome = report?.outcome(received.to);
      if (report && outcome && received.statusCallback) void postReport(report, received, outcome);
    });
  });

  async function postReport(
    report: NonNullable<FakeTwilioOptions['statusReports']>,
    m: ReceivedSms,
    outcome: { status: string; errorCode: string; errorMessage: string },
  ) {
    const params = {
      AccountSid: m.accountSid,
      MessageSid: m.sid,
      SmsSid: m.sid,
      MessageStatus: outcome.status,
      SmsStatus: outcome.status,
      To: m.to,
      From: m.from,
      ErrorCode: outcome.errorCode,
      ErrorMessage: outcome.errorMessage,
      ApiVersion: '2010-04-01',
    };
    const callback = new URL(m.statusCallback!);
    const signature = twilio.getExpectedTwilioSignature(report.authToken, m.statusCallback!, params);
    const at = Date.now();
    const res = await fetch(`${report.reachVia().replace(/\/+$/, '')}${callback.pathname}${callback.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
    await res.arrayBuffer();
    reports.push({ sid: m.sid, params, at, status: res.status });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    reports,
    listRequests,
    failNext: (n, status = 500) => {
      failures = n;
      failureStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
