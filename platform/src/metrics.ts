import { createHash, timingSafeEqual } from 'node:crypto';
import { FUNCTIONS_PREFIX, isFunctionName } from '@leadmarket/contracts';
import type { FastifyRequest } from 'fastify';
import client from 'prom-client';

/*
 * Prometheus metrics of this process, in prom-client's default registry (one per process). The
 * `service` label tells apart the services of the embedded mode, which share one process and one
 * `/metrics` (the gateway's). Labels stay of bounded cardinality: function names and route
 * patterns, event types, channels, never ids.
 */

/** Every metric's name, for the dashboard and alert rules (deploy/observability) to be checked against. */
export const METRIC_NAMES = {
  httpDuration: 'leadmarket_http_request_duration_seconds',
  consumerDuration: 'leadmarket_consumer_handle_duration_seconds',
  consumerRedeliveries: 'leadmarket_consumer_redeliveries_total',
  eventsPublished: 'leadmarket_events_published_total',
  queueMessages: 'leadmarket_queue_messages',
  deadLetters: 'leadmarket_dead_letters',
  outboxBacklog: 'leadmarket_outbox_backlog',
  outboxOldest: 'leadmarket_outbox_oldest_unpublished_seconds',
  notifications: 'leadmarket_notifications_total',
  operatorAttention: 'leadmarket_operator_attention',
  ready: 'leadmarket_ready',
} as const;

/** HTTP answers by service, function (or route pattern), method and status. */
export const httpDuration = new client.Histogram({
  name: METRIC_NAMES.httpDuration,
  help: 'Time to answer an HTTP request, by service, function (or route pattern), method and status',
  labelNames: ['service', 'function', 'method', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** One handler run (inside its batch's transaction), by outcome. */
export const consumerDuration = new client.Histogram({
  name: METRIC_NAMES.consumerDuration,
  help: 'Time to handle one event in a consumer, by service, event type and outcome (ok, error)',
  labelNames: ['service', 'event_type', 'outcome'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
});

export const consumerRedeliveries = new client.Counter({
  name: METRIC_NAMES.consumerRedeliveries,
  help: 'Deliveries of an event after its first (a retry after a failure, or a redelivery after a lost ack)',
  labelNames: ['service', 'event_type'],
});

/** Events the relay got confirmed by the bus: lead flow, purchases (LeadPurchased), refunds, wallet funding. */
export const eventsPublished = new client.Counter({
  name: METRIC_NAMES.eventsPublished,
  help: 'Events published by a service (confirmed by the bus), by event type',
  labelNames: ['service', 'event_type'],
});

/** SMS and email handed to a provider: sent (accepted) or failed (an attempt refused or errored). */
export const notifications = new client.Counter({
  name: METRIC_NAMES.notifications,
  help: 'SMS and email provider calls, by channel (sms, email) and outcome (sent, failed)',
  labelNames: ['channel', 'outcome'],
});

export const readiness = new client.Gauge({
  name: METRIC_NAMES.ready,
  help: '1 when the last readiness check of the service passed, else 0',
  labelNames: ['service'],
});

/** What a service reports when scraped: its queue, its dead letters, its outbox, what waits for a person. */
export interface ScrapeSample {
  queueMessages?: number;
  deadLetters?: number;
  outboxBacklog?: number;
  outboxOldestSeconds?: number;
  /** Counts of what only a person can settle, by item (ServiceDefinition.attention). */
  attention?: Record<string, number>;
}

type Source = { service: string; sample(): Promise<ScrapeSample> };
const sources = new Set<Source>();
/** One sample per source per scrape, however many gauges read it. */
const samples = new Map<Source, { at: number; value: Promise<ScrapeSample | undefined> }>();

function sampleOf(source: Source): Promise<ScrapeSample | undefined> {
  const cached = samples.get(source);
  if (cached && Date.now() - cached.at < 1000) return cached.value;
  // A server down under the sample leaves that service's gauges out of this scrape, not the scrape failed.
  const value = source.sample().catch(() => undefined);
  samples.set(source, { at: Date.now(), value });
  return value;
}

function sampledGauge(name: string, help: string, pick: (s: ScrapeSample) => number | undefined) {
  return new client.Gauge({
    name,
    help,
    labelNames: ['service'],
    async collect() {
      this.reset();
      await Promise.all(
        [...sources].map(async (source) => {
          const sample = await sampleOf(source);
          const value = sample && pick(sample);
          if (value !== undefined) this.set({ service: source.service }, value);
        }),
      );
    },
  });
}

sampledGauge(METRIC_NAMES.queueMessages, 'Messages waiting in the service queue', (s) => s.queueMessages);
sampledGauge(METRIC_NAMES.deadLetters, "Messages in the service's dead-letter queue", (s) => s.deadLetters);
sampledGauge(METRIC_NAMES.outboxBacklog, 'Outbox events not yet published', (s) => s.outboxBacklog);
sampledGauge(
  METRIC_NAMES.outboxOldest,
  'Age in seconds of the oldest outbox event not yet published (0 when none)',
  (s) => s.outboxOldestSeconds,
);

new client.Gauge({
  name: METRIC_NAMES.operatorAttention,
  help: 'What only a person can settle, by service and item (e.g. deliveries_unknown: SMS the provider may or may not have sent)',
  labelNames: ['service', 'item'],
  async collect() {
    this.reset();
    await Promise.all(
      [...sources].map(async (source) => {
        const sample = await sampleOf(source);
        for (const [item, n] of Object.entries(sample?.attention ?? {})) this.set({ service: source.service, item }, n);
      }),
    );
  },
});

/** Report `sample()` on every scrape until the returned function is called (a service's close). */
export function addScrapeSource(service: string, sample: () => Promise<ScrapeSample>): () => void {
  const source = { service, sample };
  sources.add(source);
  return () => {
    sources.delete(source);
    samples.delete(source);
  };
}

let defaults = false;
/** The process's CPU, memory, event-loop lag and GC metrics (once per process). */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  client.collectDefaultMetrics();
}

/** The function (route-table name) or route pattern a request went to: a bounded label. */
export function functionLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) return 'unmatched';
  const name = (request.params as { name?: unknown } | undefined)?.name;
  if (route === `${FUNCTIONS_PREFIX}:name`) return typeof name === 'string' && isFunctionName(name) ? name : 'unknown';
  return route.startsWith(FUNCTIONS_PREFIX) ? route.slice(FUNCTIONS_PREFIX.length) : route;
}

export interface MetricsAccess {
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`. */
  token?: string;
  /** NODE_ENV=production: without a token, /metrics is not served. */
  production: boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a scrape may read /metrics: open in development; with METRICS_TOKEN, only to a bearer
 * of it (401); in production without one, not served at all (404): the metrics name services,
 * queues and volumes, not for the public.
 */
export function metricsRefusal(authorization: string | undefined, access: MetricsAccess): 401 | 404 | undefined {
  if (access.token) {
    const sent = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    return timingSafeEqual(digest(sent), digest(access.token)) ? undefined : 401;
  }
  return access.production ? 404 : undefined;
}

/** The exposition text of every metric of this process. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  collectProcessMetrics();
  return { contentType: client.register.contentType, body: await client.register.metrics() };
}
