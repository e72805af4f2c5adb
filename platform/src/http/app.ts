import { randomUUID } from 'node:crypto';
import {
  describeZodError,
  findUnsafeText,
  functionCall,
  FUNCTIONS_PREFIX,
  INTERNAL_HEADERS,
  isFunctionName,
  MESSAGES,
  unsafeTextMessage,
} from '@leadmarket/contracts';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../errors.js';
import { functionLabel, httpDuration, metricsRefusal, metricsText, type MetricsAccess } from '../metrics.js';
import { isTransientError } from '../transient.js';
import type { Logger } from '../logger.js';
import { clientWentAway } from './client-abort.js';
import { answerClientError } from './client-error.js';
import { drainRequest } from './drain.js';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Logger,
  ZodTypeProvider
>;

export interface AppOptions {
  logger: Logger;
  /** When set, every function and internal route requires this token (sent by the gateway and service clients). */
  internalToken?: string;
  bodyLimit?: number;
  /** Answer unknown routes with a JSON 404 (the gateway sets its own, for the SPA). */
  jsonNotFound?: boolean;
  /** Take the client address from X-Forwarded-For: from this many nearest proxies, or from proxies at these addresses/CIDRs. */
  trustProxy?: boolean | string | string[] | ((address: string, hop: number) => boolean);
  /** The `service` label of this app's HTTP metrics (none observed without it). */
  service?: string;
  /** Serve GET /metrics (this process's metrics) to whom `access` lets in. */
  metrics?: MetricsAccess;
}

const MESSAGES_BAD_URL =
  'The address is not valid: it contains a broken %-escape. Please check the link and try again.';

/** Body of every error answer: `detail` (what the spec's browser reads first) and `message`. */
export const errorBody = (message: string, field?: string, extra?: Record<string, unknown>) => ({
  detail: message,
  message,
  ...(field ? { field } : {}),
  ...extra,
});

/**
 * A Fastify instance set up the way every service and the gateway need it: zod validation,
 * request ids, and an error handler under which no client input yields a 5xx.
 * It never listens; the caller decides (tests use inject or an ephemeral port).
 */
export function createApp({
  logger,
  internalToken,
  bodyLimit = 1024 * 1024,
  jsonNotFound = true,
  trustProxy = false,
  service,
  metrics,
}: AppOptions): ServiceApp {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit,
    trustProxy,
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    // A path whose escapes do not decode: our 400 body, through a normal reply (Fastify's default
    // writes the answer without reading the request body, and clients then see the socket cut).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply.code(400).send(errorBody(error.code === 'FST_ERR_BAD_URL' ? MESSAGES_BAD_URL : error.message));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', answerByContract);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (service)
    app.addHook('onResponse', async (request, reply) => {
      httpDuration.observe(
        { service, function: functionLabel(request), method: request.method, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });

  if (metrics)
    app.get('/metrics', async (request, reply) => {
      const refused = metricsRefusal(request.headers.authorization, metrics);
      if (refused === 401)
        return reply.code(401).header('www-authenticate', 'Bearer').send(errorBody('Metrics need the metrics token'));
      if (refused === 404) return reply.code(404).send(errorBody(`${MESSAGES.server.notFound}: GET /metrics`));
      const { contentType, body } = await metricsText();
      return reply.type(contentType).send(body);
    });

  if (internalToken) {
    app.addHook('onRequest', async (request, reply) => {
      // Probes, the development pages and the metrics (which have their own token) need no internal token.
      if (
        request.url.startsWith('/healthz') ||
        request.url.startsWith('/readyz') ||
        request.url.startsWith('/dev/') ||
        (metrics && request.url.split('?')[0] === '/metrics')
      )
        return;
      if (request.headers[INTERNAL_HEADERS.internalToken] !== internalToken) {
        return reply.code(403).send(errorBody('Internal endpoint'));
      }
    });
  }

  // One rule for every input before any schema: no NUL, no lone surrogate (PostgreSQL cannot store them).
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (Buffer.isBuffer(part)) continue;
      const path = findUnsafeText(part);
      if (path) throw new HttpError(400, unsafeTextMessage(path), path.map(String).join('.') || undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return reply.code(400).send(errorBody(first?.message ?? 'Invalid request', field));
    }
    if (error instanceof ZodError) {
      const described = describeZodError(error);
      return reply.code(400).send(errorBody(described.message, described.field));
    }
    if (error instanceof HttpError) {
      if ((error.statusCode === 429 || error.statusCode === 503) && error.extra?.retry_after)
        reply.header('retry-after', String(error.extra.retry_after));
      return reply.code(error.statusCode).send(errorBody(error.message, error.field, error.extra));
    }
    const fromDatabase = databaseClientError(error);
    if (fromDatabase) return reply.code(fromDatabase.status).send(errorBody(fromDatabase.message));
    const status: number | undefined = error.statusCode;
    if (status === 413) {
      // Answer once the client has finished sending (bounded), so it reads the 413 rather than a reset.
      return drainRequest(request.raw, { maxBytes: 32 * 1024 * 1024, timeoutMs: 10_000 }).then(() =>
        reply.code(413).header('connection', 'close').send(errorBody(MESSAGES.server.payloadTooLarge)),
      );
    }
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      const message =
        status === 413
          ? MESSAGES.server.payloadTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? MESSAGES.server.malformedJson
            : error.message;
      return reply.code(status).send(errorBody(message));
    }
    if (clientWentAway(request, reply)) {
      request.log.info({ err: String(error?.message ?? error), code: error?.code }, 'client closed the connection');
      return reply.code(499).send(errorBody('Client closed the connection'));
    }
    if (isTransientError(error)) {
      // An outage under the request (no free database connection in time, a dropped connection, a
      // busy peer): nothing is wrong with the request, so say "try again" as a 503, never a 500.
      request.log.warn({ err: String(error?.message ?? error), code: error?.code }, 'outage under a request: 503');
      return reply.code(503).header('retry-after', '1').send(errorBody(MESSAGES.server.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(MESSAGES.server.internal));
  });

  if (jsonNotFound)
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(errorBody(`${MESSAGES.server.notFound}: ${request.method} ${request.url.split('?')[0]}`));
    });

  return app;
}

/**
 * Every function route answers through its contract (FUNCTION_CALLS): the success answer's schema is
 * the route's response schema, so the zod serializer sends only what the contract allows (keys it
 * does not name are dropped) and an answer it refuses is a 500 logged as such, never a wrong shape.
 * A function method with no contract cannot be registered at all. Errors keep their own shape.
 */
function answerByContract(route: RouteOptions): void {
  if (!route.url.startsWith(FUNCTIONS_PREFIX)) return;
  const name = route.url.slice(FUNCTIONS_PREFIX.length);
  if (!isFunctionName(name)) return;
  for (const method of [route.method].flat()) {
    // Fastify adds a HEAD route beside each GET: it sends no body, so there is nothing to check.
    if (method === 'HEAD') continue;
    const call = functionCall(name, method);
    if (!call)
      throw new Error(`${method} ${name} has no contract in FUNCTION_CALLS (contracts/src/calls/functions.ts)`);
    if (!call.response) continue;
    route.schema = {
      ...route.schema,
      response: { [call.status ?? 200]: call.response, ...(route.schema?.response as object | undefined) },
    };
  }
}

/**
 * PostgreSQL errors that a request's own values cause, as the 4xx they are: a unique violation is a
 * conflict with what exists (two parallel changes to one email), a data exception (SQLSTATE class
 * 22: a value out of range, not a valid number or date) is a bad request. Anything else stays a 5xx.
 */
function databaseClientError(error: unknown): { status: number; message: string } | undefined {
  const { code: raw, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  const code = typeof raw === 'string' && /^[0-9A-Z]{5}$/.test(raw) ? raw : undefined;
  if (!code || typeof severity !== 'string') return undefined;
  if (code === '23505')
    return {
      status: 409,
      message: 'This is already in use or was just changed by another request. Please check and try again.',
    };
  if (code.startsWith('22'))
    return { status: 400, message: 'A value in the request is not valid. Please check it and try again.' };
  return undefined;
}

/** The contractor the gateway authenticated for this request, or a 401. */
export function contractorIdOf(request: FastifyRequest): string {
  const id = request.headers[INTERNAL_HEADERS.contractorId];
  if (typeof id !== 'string' || !id) throw new HttpError(401, MESSAGES.contractor.sessionExpired);
  return id;
}

/** The admin the gateway authenticated for this request, or a 401. */
export function adminIdOf(request: FastifyRequest): string {
  const id = request.headers[INTERNAL_HEADERS.adminId];
  if (typeof id !== 'string' || !id) throw new HttpError(401, MESSAGES.server.adminRequired);
  return id;
}

/** The caller's address as the gateway saw it (services sit behind the gateway). */
export function clientIpOf(request: FastifyRequest): string {
  const ip = request.headers[INTERNAL_HEADERS.clientIp];
  return typeof ip === 'string' && ip ? ip : request.ip;
}
