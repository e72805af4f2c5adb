import type { IncomingHttpHeaders } from 'node:http';
import { INTERNAL_HEADERS, type ServiceName } from '@leadmarket/contracts';
import {
  currentTraceparent,
  HttpError,
  neverReached,
  SpanKind,
  tracer,
  type ServiceClients,
} from '@leadmarket/platform';
import { context, trace } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { serviceDown } from './service-down.js';

/*
 * The gateway's forwarding of a request to the service that owns it, over a keep-alive undici pool:
 * `agent.dispatch` hands the answer's headers and chunks to a small handler, and the answer, small
 * JSON gathered into one Buffer, goes out with `reply.send`. Why not a streaming proxy: ADR 0030.
 * The live stream (SSE) is not forwarded: it has its own route (live/contractor-events.route.ts).
 */

/** The pool to the services, as reply-from's was: one pool per instance's origin. */
export const FORWARD_POOL = { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 } as const;

/**
 * Deadlines of a forwarded call: undici's defaults, as under reply-from (which set none): connect
 * 10 s, the answer's headers within 300 s, at most 300 s between chunks of its body. A client that
 * leaves stops its call at once (see `forward`), so a hung service holds only callers still waiting.
 */
const TIMEOUTS = { connectTimeout: 10_000, headersTimeout: 300_000, bodyTimeout: 300_000 } as const;

/** A GET that a service answers 503 is asked again, up to this many times (reply-from's default, kept). */
const MAX_RETRIES_ON_503 = 10;

/** Client-sent headers that only the gateway may set. */
const INTERNAL = Object.values(INTERNAL_HEADERS) as string[];

/** Hop-by-hop headers (RFC 9110 §7.6.1, and the older Keep-Alive, TE, Trailer, Proxy-*): never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'trailers'];

/**
 * Not copied from the client's request: hop-by-hop ones; the gateway's own (internal headers,
 * traceparent); host and content-length, which undici writes for the service's origin and the
 * body sent; expect (Node answered the 100-continue already, and undici refuses the header).
 */
const DROP_FROM_REQUEST = new Set([...HOP_BY_HOP, ...INTERNAL, 'traceparent', 'host', 'content-length', 'expect']);

/** Not copied from the service's answer: hop-by-hop ones (Fastify writes the gateway's own connection headers). */
const DROP_FROM_RESPONSE = new Set(HOP_BY_HOP);

const CLIENT_GONE = 'client closed the connection';

/** A service's answer, read whole. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A forwarded request's tie to its client: whether it left, and the call in flight to stop then. */
interface ClientLink {
  gone: boolean;
  call: Dispatcher.DispatchController | undefined;
}

export interface Forwarder {
  /**
   * Send the request to an instance of `service` and answer with what it answered. `body` is the
   * raw request body (webhook signatures cover the raw bytes); none is sent for GET and HEAD.
   */
  forward(
    request: FastifyRequest,
    reply: FastifyReply,
    service: ServiceName,
    body: Buffer | undefined,
    contractorId?: string,
    adminId?: string,
  ): Promise<FastifyReply>;
  /** Close the pool (at the app's close). */
  close(): Promise<void>;
}

export function createForwarder(options: { clients: ServiceClients; internalToken?: string }): Forwarder {
  const { clients, internalToken } = options;
  const agent = new Agent({ ...FORWARD_POOL, ...TIMEOUTS });

  const forward: Forwarder['forward'] = async (request, reply, service, body, contractorId, adminId) => {
    const url = request.url;
    refuseTraversal(url);
    const method = request.method as Dispatcher.HttpMethod;
    const read = method === 'GET' || method === 'HEAD';
    const headers = requestHeaders(request.headers);
    headers[INTERNAL_HEADERS.clientIp] = request.ip;
    headers['x-request-id'] = request.id;
    if (internalToken) headers[INTERNAL_HEADERS.internalToken] = internalToken;
    if (contractorId) headers[INTERNAL_HEADERS.contractorId] = contractorId;
    if (adminId) headers[INTERNAL_HEADERS.adminId] = adminId;
    // The body as received, with the client's content type (RFC 9110 §8.3: octet-stream if none).
    const payload = !read && body && body.length > 0 ? body : undefined;
    if (payload && headers['content-type'] === undefined) headers['content-type'] = 'application/octet-stream';
    // As reply-from: a GET without a body is asked again when answered 503.
    const retryOn503 = method === 'GET' && request.headers['content-length'] === undefined;

    // A client that leaves (its connection closes before its answer is written) stops the call.
    const link: ClientLink = { gone: false, call: undefined };
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      link.gone = true;
      link.call?.abort(new Error(CLIENT_GONE));
    });

    const instances = clients.instancesOf(service).length;
    const tried: string[] = [];
    for (;;) {
      const instance = clients.urlOf(service, tried);
      tried.push(instance);
      // A new trace: the public entry never continues a trace its client claims.
      const span = tracer().startSpan(`gateway ${method} ${url.split('?')[0]}`, {
        kind: SpanKind.SERVER,
        root: true,
        attributes: { 'leadmarket.service': 'gateway' },
      });
      const traceparent = context.with(trace.setSpan(context.active(), span), () => currentTraceparent());
      if (traceparent) headers.traceparent = traceparent;
      else delete headers.traceparent;
      // Parsed as reply-from did (`new URL`): the same normalised path reaches the service.
      const target = new URL(`${instance}${url}`);
      const dispatch: Dispatcher.DispatchOptions = {
        origin: target.origin,
        path: target.pathname + querySuffix(target, url),
        method,
        headers,
        body: payload,
      };
      let answer: Answer;
      try {
        answer = await callWithRetries(dispatch, retryOn503, link);
      } catch (error) {
        span.end();
        // The client left: Fastify's error handler logs it at info; there is no one to answer.
        if (link.gone) throw error;
        // Another instance may be up: a read, or a request that never reached this one, goes there.
        if (tried.length < instances && (read || neverReached(error))) {
          request.log.warn({ err: String(error), service }, 'upstream instance unavailable; trying another');
          continue;
        }
        request.log.warn({ err: String(error), service }, 'upstream unavailable');
        throw serviceDown(service);
      }
      span.setAttribute('http.status_code', answer.status);
      span.end();
      reply.code(answer.status);
      copyResponseHeaders(answer.headers, reply);
      // No body for HEAD (its content-length, the GET's, is kept) nor for an empty answer.
      return reply.send(method === 'HEAD' || answer.body.length === 0 ? undefined : answer.body);
    }
  };

  /**
   * One instance's answer. A GET answered 503 is asked again after a short pause, up to
   * MAX_RETRIES_ON_503 times, as @fastify/reply-from did by default: a pause of up to 42 ms x the
   * attempt, or Retry-After's number taken as milliseconds, as reply-from took it.
   */
  async function callWithRetries(dispatch: Dispatcher.DispatchOptions, retryOn503: boolean, link: ClientLink) {
    for (let retries = 0; ; retries++) {
      const answer = await call(dispatch, link);
      // Fastify refuses a status outside 100-599 (reply-from answered 502 there, then failed).
      if (answer.status < 100 || answer.status > 599) throw new Error(`upstream answered status ${answer.status}`);
      if (answer.status !== 503 || !retryOn503 || retries >= MAX_RETRIES_ON_503) return answer;
      const retryAfter = answer.headers['retry-after'];
      await pause(retryAfter ? Number(retryAfter) : 42 * Math.random() * (retries + 1));
      if (link.gone) throw new Error(CLIENT_GONE);
    }
  }

  /** One call: undici hands the answer's headers and chunks to this handler, gathered into one Buffer. */
  function call(dispatch: Dispatcher.DispatchOptions, link: ClientLink): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let status = 0;
      let headers: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      agent.dispatch(dispatch, {
        onRequestStart(controller) {
          if (link.gone) controller.abort(new Error(CLIENT_GONE));
          else link.call = controller;
        },
        onResponseStart(_controller, statusCode, responseHeaders) {
          // An informational answer (1xx) comes before the answer itself.
          if (statusCode < 200) return;
          status = statusCode;
          headers = responseHeaders;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          link.call = undefined;
          resolve({ status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
        },
        onResponseError(_controller, error) {
          link.call = undefined;
          reject(error);
        },
      });
    });
  }

  return { forward, close: () => agent.close() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A path that climbs out of its prefix (`..` as a segment, also %2e%2e) is refused with 400, as
 * reply-from refused it (checked on the whole URL, query included).
 */
function refuseTraversal(url: string): void {
  if (!url.includes('..') && !/%2e/i.test(url)) return;
  const decoded = decodeURIComponent(url);
  if (decoded === '..' || decoded.includes('/..') || decoded.includes('../'))
    throw new HttpError(400, 'source/request contain invalid characters');
}

/** The query part sent on: the parsed one, else the raw one (as reply-from did, e.g. a bare `?`). */
function querySuffix(target: URL, url: string): string {
  if (target.search.length > 0) return target.search;
  const q = url.indexOf('?');
  return q > 0 ? url.slice(q) : '';
}

/** The client's headers that go on to the service (see DROP_FROM_REQUEST, and any the Connection header names). */
function requestHeaders(incoming: FastifyRequest['headers']): Record<string, string | string[]> {
  const listed = connectionListed(incoming.connection);
  const out: Record<string, string | string[]> = {};
  for (const name of Object.keys(incoming)) {
    if (DROP_FROM_REQUEST.has(name) || name.startsWith('proxy-') || listed?.includes(name)) continue;
    const value = incoming[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function copyResponseHeaders(headers: IncomingHttpHeaders, reply: FastifyReply): void {
  const listed = connectionListed(headers.connection);
  for (const name of Object.keys(headers)) {
    if (DROP_FROM_RESPONSE.has(name) || name.startsWith('proxy-') || listed?.includes(name)) continue;
    const value = headers[name];
    if (value !== undefined) reply.header(name, value);
  }
}

/** Header names a Connection header lists (RFC 9110 §7.6.1), lower-cased; none for the usual keep-alive/close. */
function connectionListed(connection: string | string[] | undefined): string[] | undefined {
  if (connection === undefined) return undefined;
  const value = (Array.isArray(connection) ? connection.join(',') : connection).toLowerCase();
  if (value === 'keep-alive' || value === 'close') return undefined;
  return value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
