import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../src/providers/provider.js';
import { TwilioHttpClient, formEncode } from '../src/providers/twilio-http.js';
import { createTwilioSms } from '../src/providers/twilio-sms.js';
import { codeOfSendError } from '../src/domain/unreachable-number.js';
import { certainlyNotSent, isPermanentFailure } from '../src/use-cases/send-deliveries.js';
import { startFakeTwilio } from './fake-twilio.js';

// The Twilio SDK over the undici transport (providers/twilio-http.ts) against a fake Twilio on
// loopback: what it sends, and how each way a call can fail is classified by the sender.

const ACCOUNT = 'AC00000000000000000000000000000001';
const TOKEN = 'token-for-tests';
const FROM = '+15005550006';
// Every character qs and encodeURIComponent disagree on, a space, a plus, an ampersand, non-ASCII.
const BODY = "New lead: it's (50% off) *today*! a+b & c=d ~ üñ 🔧 https://x.test/c?t=1&u=2";

let fake: Awaited<ReturnType<typeof startFakeTwilio>>;

/** A server that answers what it is given and records each request as it arrived. */
async function startServer(answer: (req: IncomingMessage, raw: string, res: ServerResponse) => void): Promise<{
  url: string;
  requests: { method?: string; url?: string; headers: IncomingMessage['headers']; raw: string }[];
  connections: () => number;
  close(): Promise<void>;
}> {
  const requests: { method?: string; url?: string; headers: IncomingMessage['headers']; raw: string }[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, raw });
      answer(req, raw, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const created = (res: ServerResponse) =>
  res
    .writeHead(201, { 'content-type': 'application/json' })
    .end(JSON.stringify({ sid: `SM${'0'.repeat(32)}`, status: 'queued' }));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = await startServer(() => undefined);
  await server.close();
  return server.url;
}

const sms = (apiBaseUrl: string, timeoutMs?: number): SmsProvider =>
  createTwilioSms({ accountSid: ACCOUNT, authToken: TOKEN, from: FROM, apiBaseUrl, timeoutMs });

/** The error a send fails with (the test fails if it succeeds). */
async function failureOf(provider: SmsProvider, to = '+14045550101'): Promise<unknown> {
  return provider.send({ to, body: BODY }).then(
    () => expect.fail('the send succeeded'),
    (err: unknown) => err,
  );
}

beforeAll(async () => {
  fake = await startFakeTwilio({
    refuse: (to) => (to === '+14045550000' ? { code: 21614, message: "The 'To' number is a landline" } : undefined),
  });
});

afterAll(async () => {
  await fake?.close();
});

describe('the Twilio transport', () => {
  it('sends a message as the SDK builds it: account path, basic auth, form body, status callback', async () => {
    const callback = 'https://leads.example.test/.netlify/functions/twilio-status-webhook';
    const result = await sms(fake.url).send({ to: '+14045550101', body: BODY, statusCallback: callback });
    const received = fake.messages.find((m) => m.sid === result.providerMessageId);
    expect(result).toEqual({ provider: 'twilio', providerMessageId: expect.stringMatching(/^SM/), status: 'queued' });
    expect(received).toMatchObject({
      accountSid: ACCOUNT,
      to: '+14045550101',
      from: FROM,
      body: BODY,
      statusCallback: callback,
    });
    expect(received?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
  });

  it('writes the same request, byte for byte, as the SDK’s own client', async () => {
    const server = await startServer((_req, _raw, res) => created(res));
    const send = (httpClient: twilio.RequestClient) =>
      twilio(ACCOUNT, TOKEN, { httpClient }).messages.create({
        to: '+14045550101',
        from: FROM,
        body: BODY,
        statusCallback: 'https://leads.example.test/cb?a=1',
      });
    try {
      // The SDK's axios client, pointed at the server the way the provider used to be.
      const sdkClient = new twilio.RequestClient({ timeout: 10_000 });
      const request = sdkClient.request.bind(sdkClient);
      sdkClient.request = (opts) => request({ ...opts, uri: opts.uri.replace('https://api.twilio.com', server.url) });
      await send(sdkClient);
      const ours = new TwilioHttpClient({ timeoutMs: 10_000, apiBaseUrl: server.url });
      await send(ours);
      await ours.close();
      const [theirs, mine] = server.requests;
      for (const field of ['method', 'url', 'raw'] as const) expect(mine?.[field]).toBe(theirs?.[field]);
      for (const header of [
        'authorization',
        'content-type',
        'accept',
        'accept-charset',
        'user-agent',
        'content-length',
      ])
        expect(mine?.headers[header]).toBe(theirs?.headers[header]);
      expect(new URLSearchParams(mine?.raw).get('Body')).toBe(BODY);
    } finally {
      await server.close();
    }
  });

  it('encodes a query or form as qs does: lists repeated, undefined left out, null empty', () => {
    expect(formEncode({ To: '+1 404', List: ['a', "b'"], Gone: undefined, Empty: null, N: 5, B: true })).toBe(
      'To=%2B1%20404&List=a&List=b%27&Empty=&N=5&B=true',
    );
  });

  it('keeps its connections open: consecutive sends do not connect each time', async () => {
    const server = await startServer((_req, _raw, res) => created(res));
    try {
      const provider = sms(server.url);
      for (let i = 0; i < 10; i++) await provider.send({ to: '+14045550101', body: `${BODY} ${i}` });
      expect(server.requests).toHaveLength(10);
      // undici's pool alternates between two (a connection is freed just after its answer is read).
      expect(server.connections()).toBeLessThanOrEqual(3);
    } finally {
      await server.close();
    }
  });

  it('speaks TLS to an https origin (production: https://api.twilio.com)', async () => {
    const firstBytes: Buffer[] = [];
    const tcp = createNetServer((socket) =>
      socket.once('data', (chunk: Buffer) => {
        firstBytes.push(chunk);
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    try {
      await failureOf(sms(`https://127.0.0.1:${(tcp.address() as AddressInfo).port}`));
      // A TLS handshake record (0x16), not an HTTP request line.
      expect(firstBytes[0]?.[0]).toBe(0x16);
    } finally {
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });

  it('hands requests to the SDK’s own client when HTTP_PROXY is set, which only that client honours', async () => {
    const server = await startServer((_req, _raw, res) => created(res));
    const before = process.env.HTTP_PROXY;
    // axios leaves a plain-http request alone (it proxies only https): the request still arrives here.
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    try {
      await sms(server.url).send({ to: '+14045550101', body: BODY });
      delete process.env.HTTP_PROXY;
      await sms(server.url).send({ to: '+14045550101', body: BODY });
      // axios announces the encodings it can decompress; undici asks for none.
      expect(server.requests.map((r) => r.headers['accept-encoding'])).toEqual([
        expect.stringContaining('gzip'),
        undefined,
      ]);
    } finally {
      if (before === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = before;
      await server.close();
    }
  });

  it('finds a sent message through lookup (the list filtered by To and From)', async () => {
    const provider = sms(fake.url);
    const since = new Date();
    const body = `${BODY} lookup`;
    const sent = await provider.send({ to: '+14045550102', body });
    await provider.send({ to: '+14045550102', body: `${body} other` });
    expect(await provider.lookup!({ to: '+14045550102', body, since })).toEqual(sent);
    expect(await provider.lookup!({ to: '+14045550103', body, since })).toBeNull();
  });
});

describe('how each failure of the Twilio transport is classified', () => {
  it('a 4xx refusal: the SDK’s RestException with status and code, permanent, certainly not sent', async () => {
    const err = await failureOf(sms(fake.url), '+14045550000');
    expect(err).toBeInstanceOf(twilio.RestException);
    expect(err).toMatchObject({ status: 400, code: 21614, message: "The 'To' number is a landline" });
    expect(codeOfSendError(err)).toBe(21614);
    expect(isPermanentFailure(err)).toBe(true);
    expect(certainlyNotSent(err)).toBe(true);
  });

  it('429: retried later, certainly not sent', async () => {
    fake.failNext(1, 429);
    const err = await failureOf(sms(fake.url));
    expect(err).toMatchObject({ status: 429 });
    expect(isPermanentFailure(err)).toBe(false);
    expect(certainlyNotSent(err)).toBe(true);
  });

  it('a 5xx: retried, certainly not sent', async () => {
    fake.failNext(1, 500);
    const err = await failureOf(sms(fake.url));
    expect(err).toBeInstanceOf(twilio.RestException);
    expect(err).toMatchObject({ status: 500, code: 20500 });
    expect(isPermanentFailure(err)).toBe(false);
    expect(certainlyNotSent(err)).toBe(true);
  });

  it('a refused connection: retried, certainly not sent', async () => {
    const err = await failureOf(sms(await closedPort()));
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    expect(String((err as Error).message)).toContain('ECONNREFUSED');
    expect(isPermanentFailure(err)).toBe(false);
    expect(certainlyNotSent(err)).toBe(true);
  });

  // Twilio may have the message: the row stays `sending` and is reconciled through lookup. Any
  // timeout will do (under load the connect may be the step that times out: also ambiguous, as
  // with axios); the hang-up comes only after the whole request arrived, whatever the timing.
  it.each([
    ['no answer within the timeout', () => undefined, 200, /^UND_ERR_(CONNECT|HEADERS)_TIMEOUT$/],
    [
      'the connection closed after the request was written',
      (req: IncomingMessage) => req.socket.destroy(),
      undefined,
      /^UND_ERR_SOCKET$/,
    ],
  ])('%s: ambiguous, neither retried nor failed', async (_case, answer, timeoutMs, code) => {
    const server = await startServer(answer);
    try {
      const err = await failureOf(sms(server.url, timeoutMs));
      expect(err).toMatchObject({ code: expect.stringMatching(code) });
      expect(isPermanentFailure(err)).toBe(false);
      expect(certainlyNotSent(err)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
