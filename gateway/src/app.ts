import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEV_PAGES,
  findUnsafeText,
  FUNCTIONS_PREFIX,
  isFunctionName,
  isSpaPath,
  MESSAGES,
  ROUTES,
  unsafeTextMessage,
  type HttpMethod,
  type ServiceName,
} from '@leadmarket/contracts';
import {
  createApp,
  errorBody,
  HttpError,
  readiness,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type ServiceApp,
  type ServiceClients,
} from '@leadmarket/platform';
import { registerApiDocs } from './api-docs.js';
import { createForwarder } from './forward.js';
import { registerContractorEvents } from './live/contractor-events.route.js';
import type { ContractorLiveHub } from './live/contractor-live-hub.js';
import { registerSecurityHeaders } from './security-headers.js';
import { createSessionHook } from './session-hook.js';
import { robotsTxt, sitemapXml } from './site-files.js';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy.js';

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
  /** Calls per API key per minute (GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE). */
  apiKeyRateLimitPerMinute?: number;
  /** Serve the development providers' pages (/dev/outbox, /dev/checkout). */
  devPages?: boolean;
  /** NODE_ENV=production: HSTS on, development page policy off. */
  production?: boolean;
  /** Whom to believe about X-Forwarded-For (see trust-proxy.ts); default nobody. */
  trustProxy?: TrustProxy;
  /** The services with no instance ready now (reported by /readyz/services; never a reason to be unready). */
  unavailableServices?: () => Promise<ServiceName[]>;
  /** The site's public address (PUBLIC_BASE_URL) for sitemap.xml and robots.txt; else the request's own origin. */
  publicBaseUrl?: string;
  /** The event bus: with it, the gateway serves the dashboard's live stream (contractor-events). */
  bus?: EventBus;
  busNamespace?: string;
  /** METRICS_TOKEN: /metrics then answers only to `Authorization: Bearer <token>` (production: required for /metrics at all). */
  metricsToken?: string;
}

const BAD_URL_MESSAGE = 'The address is not valid: it contains a broken %-escape. Please check the link and try again.';

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
    trustProxy: fastifyTrustProxy(options.trustProxy),
    service: 'gateway',
    // In the embedded mode this one /metrics holds every service's metrics (one process, one registry).
    metrics: { token: options.metricsToken, production: options.production ?? false },
  });
  const authenticate = createSessionHook(kv, clients, options.apiKeyRateLimitPerMinute);
  await registerSecurityHeaders(app, { webRoot: options.webRoot, production: options.production ?? false });
  await registerApiDocs(app);

  // Bodies pass through untouched (webhook signatures cover the raw bytes); JSON is parsed only to
  // read credentials and to refuse malformed input at the edge.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Requests go on to the owning service through one keep-alive pool (forward.ts says why not reply-from).
  const { forward, close: closeForwarder } = createForwarder({ clients, internalToken: options.internalToken });
  app.addHook('onClose', () => closeForwarder());

  // A URL whose %-escapes do not decode (%zz, a cut-off escape, bytes that are not UTF-8) is the
  // client's mistake: 400 here, before the proxy decodes it and throws.
  app.addHook('onRequest', async (request) => {
    try {
      decodeURI(request.url);
    } catch {
      throw new HttpError(400, BAD_URL_MESSAGE);
    }
  });

  let live: ContractorLiveHub | undefined;
  const webRoot = options.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Ready while this gateway can serve the SPA and route: its key-value store (rate limits, sessions)
  // answers and, in production, the SPA is there. A service that is down is not a reason: its
  // functions answer 503 (service-down.ts) while the rest of the site works, and every gateway pod
  // would otherwise leave the load balancer together.
  app.get('/readyz', async (_req, reply) => {
    const failed: string[] = [];
    await kv.ping().catch(() => failed.push('kv'));
    if (options.production && !hasWeb) failed.push('web');
    readiness.set({ service: 'gateway' }, failed.length ? 0 : 1);
    // Dashboards still work without their live feed (they refetch), so it is reported, not failed.
    const degraded = live && !live.attached ? ['live-stream'] : [];
    return reply.code(failed.length ? 503 : 200).send({
      status: failed.length ? 'unavailable' : 'ready',
      failed,
      ...(degraded.length ? { degraded } : {}),
    });
  });
  // Everything behind the gateway, for operators and for harnesses that wait for the whole stack.
  app.get('/readyz/services', async (_req, reply) => {
    const failed: string[] = [];
    await kv.ping().catch(() => failed.push('kv'));
    failed.push(...((await options.unavailableServices?.().catch(() => ['services'])) ?? []));
    return reply.code(failed.length ? 503 : 200).send({ status: failed.length ? 'unavailable' : 'ready', failed });
  });

  const rateLimit = options.rateLimitPerMinute ?? 600;
  if (options.bus)
    live = await registerContractorEvents(app, {
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
    // The session's cache entry is read beside the rate-limit hit: one wait for both, not two in a row.
    const early = authenticate.readEarly(route.auth, request.headers.authorization);
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
        // Refused at the edge too: the body is forwarded as bytes, so the services' check would see it only later.
        const unsafe = findUnsafeText(json);
        if (unsafe) throw new HttpError(400, unsafeTextMessage(unsafe), unsafe.map(String).join('.') || undefined);
      }
    }
    const caller = await authenticate(
      route.auth,
      {
        authorization: request.headers.authorization,
        body: json && typeof json === 'object' ? json : undefined,
        query: request.query as Record<string, unknown>,
        functionName: name,
      },
      early,
    );
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
  const baseUrlOf = (request: { protocol: string; host: string }) =>
    (options.publicBaseUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  app.get('/robots.txt', (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(baseUrlOf(request))),
  );
  app.get('/sitemap.xml', (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(baseUrlOf(request))),
  );

  // Client-side routes of the SPA get index.html; any other page path gets it too (the app shows
  // "Page not found") but with status 404, so the miss is real to browsers, crawlers and monitors.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // /dev/* with the development pages off (production) is a plain 404, never the SPA's page.
    const isApi =
      path.startsWith(FUNCTIONS_PREFIX) || path.startsWith('/internal/') || path === '/dev' || path.startsWith('/dev/');
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      const status = isSpaPath(path) ? 200 : 404;
      if (hasWeb) return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/plain')
        .code(status)
        .send('leadmarket gateway: the web app is not built (npm run build -w web).');
    }
    return reply.code(404).send(errorBody(`${MESSAGES.server.notFound}: ${request.method} ${path}`));
  });

  return app;
}

export type { HttpMethod };
