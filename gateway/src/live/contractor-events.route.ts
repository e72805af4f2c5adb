import { FUNCTIONS_PREFIX, MESSAGES } from '@leadmarket/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, type EventBus, type KeyValueStore, type Logger, type ServiceApp } from '@leadmarket/platform';
import type { createSessionHook } from '../session-hook.js';
import { ADMIN_AUDIENCE, ContractorLiveHub, LIVE_EVENT_TYPES, type LiveEvent } from './contractor-live-hub.js';

/** The contractor dashboard's live stream (Server-Sent Events); the gateway serves it itself. */
export const CONTRACTOR_EVENTS_PATH = `${FUNCTIONS_PREFIX}contractor-events`;
/** The admin dashboard's live stream: bearer admin session only (the browser reads it with fetch). */
export const ADMIN_EVENTS_PATH = `${FUNCTIONS_PREFIX}admin-events`;

export interface ContractorEventsOptions {
  bus: EventBus;
  /** The bus namespace (test stacks share a broker); the gateway's queue is named under it. */
  namespace?: string;
  kv: KeyValueStore;
  logger: Logger;
  authenticate: ReturnType<typeof createSessionHook>;
  rateLimitPerMinute: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** The stream ends after this long; the browser reconnects at once and its session is checked again. */
  maxStreamMs?: number;
}

const sse = (e: LiveEvent) => `id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * GET /.netlify/functions/contractor-events: authenticated by the contractor's session like every
 * contractor function (EventSource cannot send headers, so the browser passes `session_token` in
 * the query), scoped to that contractor. Each gateway instance reads the bus through its own
 * transient queue (docs/adr/0009-live-dashboard-fan-out.md).
 */
export async function registerContractorEvents(
  app: ServiceApp,
  o: ContractorEventsOptions,
): Promise<ContractorLiveHub> {
  const hub = new ContractorLiveHub();
  const queue = `${o.namespace ? `${o.namespace}.` : ''}leadmarket.gateway-live.${hub.instance}`;
  const subscription = await o.bus.subscribe(
    {
      queue,
      eventTypes: LIVE_EVENT_TYPES,
      transient: true,
      prefetch: 256,
      onAttachChange: (attached) => {
        if (!attached) o.logger.warn({ queue }, 'live event feed lost; reattaching, open streams will resync');
        hub.feedChanged(attached);
      },
    },
    async (envelope) => hub.handle(envelope),
  );
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await subscription.close();
  });

  /** Serve one stream to `audience` (a contractor id, or ADMIN_AUDIENCE) after its own auth check. */
  const serve = (path: string, resolve: (request: FastifyRequest) => Promise<string>) =>
    app.get(path, async (request, reply) => {
      const limit = await o.kv.hit(`gw:ip:${request.ip}`, o.rateLimitPerMinute, 60, 'fixed');
      if (!limit.allowed)
        throw new HttpError(429, MESSAGES.server.rateLimited, undefined, { retry_after: limit.retryAfterSeconds });
      const audience = await resolve(request);
      const query = request.query as Record<string, unknown>;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      res.write('retry: 3000\n\n');
      const lastEventId =
        (request.headers['last-event-id'] as string | undefined) ??
        (typeof query.last_event_id === 'string' ? query.last_event_id : undefined);
      const stream = hub.connect(audience, lastEventId || undefined, (e) => res.write(sse(e)));
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), o.heartbeatMs ?? 25_000);
      const lifetime = setTimeout(() => end(), o.maxStreamMs ?? 10 * 60_000);
      function end() {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        stream.close();
        open.delete(end);
        if (!res.writableEnded) res.end();
      }
      open.add(end);
      request.raw.on('close', end);
    });

  serve(CONTRACTOR_EVENTS_PATH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const caller = await o.authenticate('contractor', {
      authorization: request.headers.authorization,
      query,
      functionName: 'contractor-events',
    });
    if (caller.kind !== 'contractor') throw new HttpError(401, MESSAGES.contractor.sessionExpired);
    return caller.contractorId;
  });
  serve(ADMIN_EVENTS_PATH, async (request) => {
    const caller = await o.authenticate('admin', { authorization: request.headers.authorization, query: {} });
    if (caller.kind !== 'admin') throw new HttpError(401, MESSAGES.server.adminRequired);
    return ADMIN_AUDIENCE;
  });
  o.logger.info({ queue }, 'live contractor events on');
  return hub;
}
