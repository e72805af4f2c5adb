import { existsSync } from 'node:fs';
import { join } from 'node:path';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import {
  DEV_PAGES,
  FUNCTIONS_PREFIX,
  INTERNAL_HEADERS,
  isFunctionName,
  MESSAGES,
  ROUTES,
  type HttpMethod,
  type ServiceName,
} from '@leadmarket/contracts';
import {
  createApp,
  currentTraceparent,
  errorBody,
  HttpError,
  SpanKind,
  tracer,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type ServiceApp,
  type ServiceClients,
} from '@leadmarket/platform';
import { context, trace } from '@opentelemetry/api';
import { registerContractorEvents } from './live/contractor-events.route.js';
import { createSessionHook } from './session-hook.js';

export interface GatewayOptions {
  logger: Logger;
  kv: KeyValueStore;
  clients: ServiceClients;
  internalToken?: string;
  /** The built SPA (web/dist); when absent, pages answer with a hint to build it. */
  webRoot?: string;
  bodyLimit?: number;
  /** Requests per IP per minute across all functions. */
  rateLimitPerMinute?: number;
  /** Serve the development providers' pages (/dev/outbox, /dev/checkout). */
  devPages?: boolean;
  trustProxy?: boolean;
  /** Readiness of everything behind the gateway. */
  ready?: () => Promise<string[]>;
  /** The event bus: with it, the gateway serves the dashboard's live stream (contractor-events). */
  bus?: EventBus;
  busNamespace?: string;
}

/** Client-sent headers that only the gateway may set. */
const STRIPPED = Object.values(INTERNAL_HEADERS);

/**
 * The only public entry: `/.netlify/functions/:name` routed by the route table to the owning
 * service, with sessions checked, bodies bounded, rate limits per IP and internal headers
 * stripped; and the SPA with its client-side routes.
 */
export async function buildGateway(options: GatewayOptions): Promise<ServiceApp> {
  const { kv, clients, logger } = options;
  const app = createApp({
    logger,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    jsonNotFound: false,
    trustProxy: options.trustProxy,
  });
  const authenticate = createSessionHook(kv, clients);

  // Bodies pass through untouched (webhook signatures cover the raw bytes); JSON is parsed only to
  // read credentials and to refuse malformed input at the edge.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  await app.register(replyFrom, { undici: { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 } as any });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const failed: string[] = [];
    await kv.ping().catch(() => failed.push('kv'));
    failed.push(...((await options.ready?.().catch(() => ['services'])) ?? []));
    return reply.code(failed.length ? 503 : 200).send({ status: failed.length ? 'unavailable' : 'ready', failed });
  });

  const rateLimit = options.rateLimitPerMinute ?? 600;
  if (options.bus)
    await registerContractorEvents(app, {
      bus: options.bus,
      namespace: options.busNamespace,
      kv,
      logger,
      authenticate,
      rateLimitPerMinute: rateLimit,
    });
  app.all('/.netlify/functions/:name', async (request, reply) => {
    const name = (request.params as { name: string }).name;
    if (!isFunctionName(name)) throw new HttpError(404, `${MESSAGES.server.notFound}: ${name}`);
    const route = ROUTES[name];
    if (!(route.methods as readonly string[]).includes(request.method)) {
      reply.header('allow', route.methods.join(', '));
      throw new HttpError(405, MESSAGES.server.methodNotAllowed);
    }
    const limit = await kv.hit(`gw:ip:${request.ip}`, rateLimit, 60, 'fixed');
    if (!limit.allowed)
      throw new HttpError(429, MESSAGES.server.rateLimited, undefined, { retry_after: limit.retryAfterSeconds });

    const raw = request.body as Buffer | undefined;
    let json: Record<string, unknown> | undefined;
    if (route.auth !== 'webhook' && raw && raw.length > 0) {
      const type = String(request.headers['content-type'] ?? '');
      if (type === '' || type.includes('json')) {
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError(400, MESSAGES.server.malformedJson);
        }
      }
    }
    const caller = await authenticate(route.auth, {
      authorization: request.headers.authorization,
      body: json && typeof json === 'object' ? json : undefined,
      query: request.query as Record<string, unknown>,
    });
    return forward(
      request,
      reply,
      route.service,
      raw,
      caller.kind === 'contractor' ? caller.contractorId : undefined,
      caller.kind === 'admin' ? caller.adminId : undefined,
    );
  });

  if (options.devPages) {
    for (const [prefix, service] of Object.entries(DEV_PAGES)) {
      app.all(`${prefix}`, (request, reply) => forward(request, reply, service, request.body as Buffer | undefined));
      app.all(`${prefix}/*`, (request, reply) => forward(request, reply, service, request.body as Buffer | undefined));
    }
  }

  function forward(
    request: any,
    reply: any,
    service: ServiceName,
    body: Buffer | undefined,
    contractorId?: string,
    adminId?: string,
  ) {
    const span = tracer().startSpan(`gateway ${request.method} ${request.url.split('?')[0]}`, {
      kind: SpanKind.SERVER,
    });
    const traceparent = context.with(trace.setSpan(context.active(), span), () => currentTraceparent());
    return reply.from(`${clients.urlOf(service)}${request.url}`, {
      body: body && body.length > 0 ? body : undefined,
      // Without a content type, reply-from JSON-encodes the body: a Buffer would arrive as {"type":"Buffer",...}.
      contentType:
        body && body.length > 0 ? String(request.headers['content-type'] ?? 'application/octet-stream') : undefined,
      rewriteRequestHeaders: (_req: unknown, headers: Record<string, string | string[] | undefined>) => {
        const out: Record<string, string | string[] | undefined> = { ...headers };
        for (const h of STRIPPED) delete out[h];
        delete out.traceparent;
        out[INTERNAL_HEADERS.clientIp] = request.ip;
        out['x-request-id'] = request.id;
        if (traceparent) out.traceparent = traceparent;
        if (options.internalToken) out[INTERNAL_HEADERS.internalToken] = options.internalToken;
        if (contractorId) out[INTERNAL_HEADERS.contractorId] = contractorId;
        if (adminId) out[INTERNAL_HEADERS.adminId] = adminId;
        return out;
      },
      onResponse: (_req: unknown, rep: any, res: any) => {
        span.setAttribute('http.status_code', res.statusCode);
        span.end();
        rep.send(res.stream ?? res);
      },
      onError: (rep: any, { error }: { error: Error }) => {
        span.end();
        request.log.warn({ err: String(error), service }, 'upstream unavailable');
        rep.code(503).send(errorBody(MESSAGES.server.unavailable));
      },
    });
  }

  const webRoot = options.webRoot;
  const hasWeb = webRoot && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    // Hashed asset names never change content: cache them for a year; vite wrote .br/.gz beside them.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Client-side routes of the SPA: any other GET that wants a page gets index.html.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi = path.startsWith(FUNCTIONS_PREFIX) || path.startsWith('/internal/');
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      if (hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/plain')
        .code(200)
        .send('leadmarket gateway: the web app is not built (npm run build -w web).');
    }
    return reply.code(404).send(errorBody(`${MESSAGES.server.notFound}: ${request.method} ${path}`));
  });

  return app;
}

export type { HttpMethod };
