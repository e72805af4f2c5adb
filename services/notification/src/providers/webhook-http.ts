import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { refusedAddress, unbracket } from '../domain/outbound-address.js';

/** Finds the addresses of a host name (tests inject one to play a DNS change). */
export type WebhookResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: WebhookResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A request we did not make because of where it would have gone (never retried sooner than the schedule says). */
export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/** A request that went without an answer in time. */
export class WebhookTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = 'WebhookTimeoutError';
  }
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookHttpOptions {
  resolver: WebhookResolver;
  allowLoopback: boolean;
  requireHttps: boolean;
  timeoutMs: number;
}

/** What came back: the status and the body's size (the body itself is read and dropped, never kept). */
export interface WebhookAnswer {
  status: number;
  bytes: number;
}

/** Answer bodies are counted up to this many bytes, then the connection is dropped. */
const MAX_COUNTED_BYTES = 1024 * 1024;

/**
 * The addresses a request to `url` may connect to, checked now: every address the host resolves to
 * must be allowed (one refused address refuses the host, so a rebinding name cannot slip one in).
 */
export async function checkedAddresses(url: URL, options: WebhookHttpOptions): Promise<LookupAddress[]> {
  if (url.protocol !== 'https:' && (options.requireHttps || url.protocol !== 'http:'))
    throw new WebhookRefusedError('only https addresses are allowed');
  if (url.username || url.password)
    throw new WebhookRefusedError('addresses with a user name or password are not allowed');
  const host = unbracket(url.hostname);
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await options.resolver(host);
    } catch (err) {
      throw Object.assign(new Error(`${host} could not be resolved`), { cause: err });
    }
    if (addresses.length === 0) throw new Error(`${host} has no address`);
  }
  for (const a of addresses) {
    const why = refusedAddress(a.address, { allowLoopback: options.allowLoopback });
    if (why) throw new WebhookRefusedError(`refused: ${host} resolves to ${why}`);
  }
  return addresses;
}

/**
 * POST one webhook: the host is resolved and checked at this attempt, and the connection goes to
 * the checked addresses only (the socket's lookup answers with them), so a DNS answer that changes
 * between the check and the connect cannot send it elsewhere. TLS still verifies the certificate
 * against the host name. Redirects are not followed; every phase shares one timeout.
 */
export async function postWebhook(post: WebhookPost, options: WebhookHttpOptions): Promise<WebhookAnswer> {
  const url = new URL(post.url);
  const addresses = await checkedAddresses(url, options);
  const agent = new Agent({
    connect: {
      timeout: options.timeoutMs,
      lookup: (_hostname, opts, callback) => {
        const wanted = (opts as { family?: number }).family;
        const usable = addresses.filter((a) => !wanted || a.family === wanted);
        const list = usable.length ? usable : addresses;
        if ((opts as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, list);
        else (callback as (e: null, a: string, f: number) => void)(null, list[0]!.address, list[0]!.family);
      },
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: 1,
  });
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const answer = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: { ...post.headers, 'content-type': 'application/json', 'user-agent': 'leadmarket-webhooks/1' },
      body: post.body,
      signal,
    });
    let bytes = 0;
    try {
      for await (const chunk of answer.body) {
        bytes += (chunk as Buffer).length;
        if (bytes >= MAX_COUNTED_BYTES) break;
      }
    } finally {
      answer.body.destroy();
    }
    return { status: answer.statusCode, bytes };
  } catch (err) {
    if (signal.aborted || isTimeout(err)) throw new WebhookTimeoutError(options.timeoutMs);
    throw err;
  } finally {
    agent.destroy().catch(() => {});
  }
}

const isTimeout = (err: unknown): boolean => {
  const code = (err as { code?: unknown })?.code;
  return (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    (err as Error)?.name === 'TimeoutError'
  );
};
