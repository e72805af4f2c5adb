import { randomBytes } from 'node:crypto';
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

/**
 * A loopback stand-in for api.twilio.com: answers POST /2010-04-01/Accounts/{sid}/Messages.json
 * like Twilio (201 with a message resource) and records what it got.
 */
export async function startFakeTwilio(): Promise<{
  url: string;
  messages: ReceivedSms[];
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}> {
  const messages: ReceivedSms[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
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
      const sid = `SM${randomBytes(16).toString('hex')}`;
      messages.push({
        sid,
        accountSid: match[1]!,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? undefined,
        authorization: req.headers.authorization,
        at: Date.now(),
      });
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          sid,
          account_sid: match[1],
          to: form.get('To'),
          from: form.get('From'),
          body: form.get('Body'),
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    failNext: (n, status = 500) => {
      failures = n;
      failureStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
