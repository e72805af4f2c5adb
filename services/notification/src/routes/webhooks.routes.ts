import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  functionPath,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_TYPE,
  WebhookDeliveriesQuerySchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointIdSchema,
  WebhookEndpointUpdateSchema,
  WebhookReplaySchema,
  type WebhookEndpointView,
  type WebhookMessageView,
} from '@leadmarket/contracts';
import { contractorIdOf, HttpError, type ServiceApp } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import {
  deleteEndpoint,
  enableEndpoint,
  endpointOf,
  endpointsOf,
  insertEndpoint,
  messageLog,
  messageOf,
  queueMessages,
  replayMessage,
  updateEndpoint,
  type WebhookEndpointRow,
} from '../db/webhooks.repository.js';
import { refusedAddress, unbracket } from '../domain/outbound-address.js';
import { newWebhookSecret, sealSecret, secretHint } from '../domain/webhook-secrets.js';
import { newMessageId, webhookBody } from '../use-cases/queue-webhooks.js';

/** Endpoints one contractor may have. */
export const MAX_ENDPOINTS = 10;

const NOT_FOUND = 'That endpoint was not found. Reload the page to see your endpoints.';

const view = (e: WebhookEndpointRow): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events as WebhookEndpointView['events'],
  status: e.status,
  disabled_reason: e.disabled_reason,
  secret_hint: e.secret_hint,
  created_at: new Date(e.created_at).toISOString(),
});

/**
 * Why an endpoint address cannot be registered, in plain words; undefined when it can. Production
 * takes https only; an address that is plainly not public is refused here already, and every
 * attempt checks what the name resolves to then (providers/webhook-http.ts).
 */
export function endpointUrlProblem(raw: string, ctx: NotificationContext): string | undefined {
  const url = new URL(raw);
  if (ctx.config.NODE_ENV === 'production' && url.protocol !== 'https:')
    return 'Please use an https:// address: deliveries carry your customers’ contact details.';
  if (url.username || url.password) return 'Please leave the user name and password out of the address.';
  const host = unbracket(url.hostname);
  const allowLoopback = ctx.config.WEBHOOK_ALLOW_LOOPBACK;
  if (!allowLoopback && (host === 'localhost' || host.endsWith('.localhost')))
    return 'Please use a public address: we cannot deliver to this server itself.';
  if (isIP(host) && refusedAddress(host, { allowLoopback }))
    return 'Please use a public address: private, local and reserved network addresses cannot receive deliveries.';
  return undefined;
}

/** Settings → Integrations: the signed-in contractor's webhook endpoints and their delivery log. */
export function registerWebhookRoutes(app: ServiceApp, ctx: NotificationContext): void {
  const list = async (contractorId: string) => ({ endpoints: (await endpointsOf(ctx.db, contractorId)).map(view) });
  const mine = async (contractorId: string, id: string) => {
    const endpoint = await endpointOf(ctx.db, contractorId, id);
    if (!endpoint) throw new HttpError(404, NOT_FOUND, 'id');
    return endpoint;
  };
  const checkUrl = (url: string) => {
    const problem = endpointUrlProblem(url, ctx);
    if (problem) throw new HttpError(400, problem, 'url');
  };

  app.get(functionPath('webhook-endpoints'), async (request) => list(contractorIdOf(request)));

  app.post(
    functionPath('webhook-endpoints'),
    { schema: { body: WebhookEndpointCreateSchema } },
    async (request, reply) => {
      const contractorId = contractorIdOf(request);
      const { url, events, description } = request.body;
      checkUrl(url);
      if ((await endpointsOf(ctx.db, contractorId)).length >= MAX_ENDPOINTS)
        throw new HttpError(400, `You can have up to ${MAX_ENDPOINTS} endpoints. Remove one to add another.`);
      const secret = newWebhookSecret();
      const id = randomUUID();
      await insertEndpoint(ctx.db, {
        id,
        contractor_id: contractorId,
        url,
        description: description || null,
        events: [...new Set(events)],
        secret_sealed: sealSecret(ctx.webhooks.secretKey, secret),
        secret_hint: secretHint(secret),
      });
      reply.code(201);
      return { endpoint: view(await mine(contractorId, id)), secret };
    },
  );

  app.put(functionPath('webhook-endpoints'), { schema: { body: WebhookEndpointUpdateSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const { id, url, events, description, enabled } = request.body;
    if (url !== undefined) checkUrl(url);
    const found = await updateEndpoint(ctx.db, contractorId, id, {
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events: [...new Set(events)] } : {}),
      ...(description !== undefined ? { description: description || null } : {}),
    });
    if (!found) throw new HttpError(404, NOT_FOUND, 'id');
    if (enabled) await enableEndpoint(ctx.db, contractorId, id);
    return list(contractorId);
  });

  app.delete(functionPath('webhook-endpoints'), { schema: { body: WebhookEndpointIdSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    if (!(await deleteEndpoint(ctx.db, contractorId, request.body.id))) throw new HttpError(404, NOT_FOUND, 'id');
    return list(contractorId);
  });

  // The new secret signs every attempt from now on, retries of older messages included.
  app.post(functionPath('webhook-endpoint-secret'), { schema: { body: WebhookEndpointIdSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const secret = newWebhookSecret();
    const found = await updateEndpoint(ctx.db, contractorId, request.body.id, {
      secret_sealed: sealSecret(ctx.webhooks.secretKey, secret),
      secret_hint: secretHint(secret),
    });
    if (!found) throw new HttpError(404, NOT_FOUND, 'id');
    return { endpoint: view(await mine(contractorId, request.body.id)), secret };
  });

  app.post(functionPath('webhook-endpoint-test'), { schema: { body: WebhookEndpointIdSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const endpoint = await mine(contractorId, request.body.id);
    if (endpoint.status !== 'enabled')
      throw new HttpError(409, 'This endpoint is turned off. Turn it on to send a test event.', 'id');
    const at = ctx.webhooks.now();
    const id = newMessageId();
    await queueMessages(ctx.db, [
      {
        id,
        endpoint_id: endpoint.id,
        contractor_id: contractorId,
        event_key: `${WEBHOOK_TEST_TYPE}:${id}`,
        type: WEBHOOK_TEST_TYPE,
        lead_id: null,
        body: webhookBody(WEBHOOK_TEST_TYPE, at, {
          endpoint_id: endpoint.id,
          message: 'A test event from leadmarket: your endpoint is reachable and can check our signature.',
        }),
        at,
      },
    ]);
    ctx.webhooks.wakeup.wake();
    return { success: true as const, message_id: id };
  });

  app.get(
    functionPath('webhook-deliveries'),
    { schema: { querystring: WebhookDeliveriesQuerySchema } },
    async (request) => {
      const contractorId = contractorIdOf(request);
      const endpoint = await mine(contractorId, request.query.endpoint_id);
      const messages = await messageLog(ctx.db, endpoint.id, request.query.limit);
      return {
        messages: messages.map((m): WebhookMessageView => ({
          id: m.id,
          type: m.type as WebhookMessageView['type'],
          type_label: WEBHOOK_EVENT_LABELS[m.type as WebhookMessageView['type']] ?? m.type,
          status: m.status,
          created_at: new Date(m.created_at).toISOString(),
          next_attempt_at: m.status === 'pending' ? new Date(m.next_attempt_at).toISOString() : null,
          attempts: m.attempts.map((a) => ({
            attempted_at: new Date(a.attempted_at).toISOString(),
            duration_ms: a.duration_ms,
            status_code: a.status_code,
            response_bytes: a.response_bytes,
            error: a.error,
            trigger: a.trigger,
          })),
        })),
      };
    },
  );

  app.post(functionPath('webhook-delivery-replay'), { schema: { body: WebhookReplaySchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const message = await messageOf(ctx.db, contractorId, request.body.message_id);
    if (!message)
      throw new HttpError(404, 'That delivery was not found. Reload the log to see your deliveries.', 'message_id');
    if (!(await replayMessage(ctx.db, message.id, ctx.webhooks.now())))
      throw new HttpError(
        409,
        'This delivery is being sent right now. Look at the log again in a moment.',
        'message_id',
      );
    ctx.webhooks.wakeup.wake();
    return { success: true as const, message_id: message.id };
  });
}
