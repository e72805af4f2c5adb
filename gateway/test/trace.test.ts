import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { functionPath } from '@leadmarket/contracts';
import { createInfra, defineConsumer } from '@leadmarket/platform';
import { standIn, testLogger, waitFor } from '@leadmarket/platform/testing';
import { startMarketplace, type Marketplace } from '../src/stack/marketplace.js';

const exporter = new InMemorySpanExporter();

// Two minimal services on the real platform: one answers a function by writing an event to its
// outbox, the other consumes it. The trace must run gateway -> service -> outbox publish -> consumer.
let consumed = false;
const producer = standIn({
  name: 'lead-intake',
  register(app, ctx) {
    app.post(functionPath('leads-submit'), async () => {
      await ctx.db.transaction().execute((trx) =>
        ctx.emit(trx, [
          {
            type: 'LeadArchived',
            data: {
              lead_id: '00000000-0000-4000-8000-000000000001',
              contractor_id: 'C-1',
              archived_at: new Date().toISOString(),
            },
          },
        ]),
      );
      return { ok: true };
    });
  },
});
const consumer = standIn({
  name: 'wallet-ledger',
  consumers: [defineConsumer({ event: 'LeadArchived', handle: async () => void (consumed = true) })],
});

describe('one trace follows a request through the outbox to a consumer', () => {
  let marketplace: Marketplace;
  let infra: Awaited<ReturnType<typeof createInfra>>;
  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    infra = await createInfra({ logger: testLogger() });
    marketplace = await startMarketplace({
      infra,
      logger: testLogger(),
      services: [producer, consumer],
      relayPollMs: 100,
    });
  });
  afterAll(async () => {
    await marketplace.stop();
    await infra.close();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('links the gateway span, the service span, the outbox publish and the consumer span by one trace id', async () => {
    const res = await fetch(`${marketplace.url}/.netlify/functions/leads-submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await waitFor(() => consumed, 'the consumer');
    const spans = await waitFor(() => {
      const all = exporter.getFinishedSpans();
      return all.some((s) => s.name === 'consume LeadArchived') ? all : undefined;
    }, 'the consumer span');
    const gatewaySpan = spans.find((s) => s.name.startsWith('gateway POST'));
    const serviceSpan = spans.find((s) => s.name.startsWith('lead-intake POST'));
    const publishSpan = spans.find((s) => s.name === 'publish LeadArchived');
    const consumeSpan = spans.find((s) => s.name === 'consume LeadArchived');
    expect(gatewaySpan && serviceSpan && publishSpan && consumeSpan).toBeTruthy();
    const traceId = gatewaySpan!.spanContext().traceId;
    for (const span of [serviceSpan, publishSpan, consumeSpan]) expect(span!.spanContext().traceId).toBe(traceId);
    expect(consumeSpan!.parentSpanContext?.spanId).toBe(publishSpan!.spanContext().spanId);
  });
});
