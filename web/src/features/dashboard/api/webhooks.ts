import type { WebhookEndpointView, WebhookMessageView } from '@leadmarket/contracts';
import useSWR from 'swr';
import { callFunction } from '../../../lib/api';
import { getAs, postAs, REFRESH_MS, type Session } from './client';

export type { WebhookEndpointView, WebhookMessageView };
export interface WebhookEndpointsAnswer {
  endpoints: WebhookEndpointView[];
}
/** The answer that carries a signing secret, this once (adding an endpoint, rotating its secret). */
export interface WebhookSecretAnswer {
  endpoint: WebhookEndpointView;
  secret: string;
}
export interface WebhookDeliveriesAnswer {
  messages: WebhookMessageView[];
}

/** webhook-endpoints (GET): the contractor's endpoints, never their secrets. */
export const getWebhookEndpoints = (s: Session) => getAs<WebhookEndpointsAnswer>(s, 'webhook-endpoints');

export const useWebhookEndpoints = (s: Session) =>
  useSWR<WebhookEndpointsAnswer, unknown>(['webhooks', 'endpoints', s.contractorId], () => getWebhookEndpoints(s), {
    refreshInterval: REFRESH_MS,
  });

/** webhook-endpoints (POST): the new endpoint and its secret. */
export const addWebhookEndpoint = (s: Session, url: string, events: string[]) =>
  postAs<WebhookSecretAnswer>('webhook-endpoints', s, { url, events });

const send = <T>(s: Session, method: 'PUT' | 'DELETE', body: Record<string, unknown>) =>
  callFunction<T>('webhook-endpoints', { method, token: s.token, body: { contractor_id: s.contractorId, ...body } });

/** webhook-endpoints (PUT): change the events, or turn a disabled endpoint back on. */
export const updateWebhookEndpoint = (s: Session, id: string, change: { events?: string[]; enabled?: boolean }) =>
  send<WebhookEndpointsAnswer>(s, 'PUT', { id, ...change });

/** webhook-endpoints (DELETE): the endpoint and its log go. */
export const removeWebhookEndpoint = (s: Session, id: string) => send<WebhookEndpointsAnswer>(s, 'DELETE', { id });

export const rotateWebhookSecret = (s: Session, id: string) =>
  postAs<WebhookSecretAnswer>('webhook-endpoint-secret', s, { id });

export const sendWebhookTest = (s: Session, id: string) =>
  postAs<{ success: true; message_id: string }>('webhook-endpoint-test', s, { id });

export const replayWebhookMessage = (s: Session, messageId: string) =>
  postAs<{ success: true; message_id: string }>('webhook-delivery-replay', s, { message_id: messageId });

/** While a delivery is under way the log looks again every few seconds; else at the dashboard's pace. */
const LIVE_LOG_MS = 2_000;

/** webhook-deliveries (GET): one endpoint's newest messages with every attempt. */
export const useWebhookLog = (s: Session, endpointId: string) =>
  useSWR<WebhookDeliveriesAnswer, unknown>(
    ['webhooks', 'log', s.contractorId, endpointId],
    () => getAs<WebhookDeliveriesAnswer>(s, 'webhook-deliveries', { endpoint_id: endpointId }),
    {
      refreshInterval: (data) =>
        data?.messages.some((m) => m.status === 'sending' || (m.status === 'pending' && m.attempts.length === 0))
          ? LIVE_LOG_MS
          : REFRESH_MS,
    },
  );
