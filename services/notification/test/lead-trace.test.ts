import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, stopTracing } from '@leadmarket/platform/tracing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Tracing starts before anything loads pg, amqplib, ioredis or http, as the register module does
// in a process started with `--import @leadmarket/platform/register`.
const exporter = new InMemorySpanExporter();
startTracing({ serviceName: 'leadmarket-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
const { startTestStack, signUpFundedContractor } = await import('@leadmarket/gateway/testing');
const { waitFor } = await import('@leadmarket/platform/testing');
const { startFakeTwilio, twilioTestEnv } = await import('./fake-twilio.js');
const { createLogger } = await import('@leadmarket/platform');

type TestStack = Awaited<ReturnType<typeof startTestStack>>;
let stack: TestStack;
let fake: Awaited<ReturnType<typeof startFakeTwilio>>;

beforeAll(async () => {
  fake = await startFakeTwilio();
  stack = await startTestStack({
    env: {
      ...twilioTestEnv(fake.url),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await stopTracing();
});

const serviceOf = (span: ReadableSpan) => span.attributes['leadmarket.service'];
const scopeOf = (span: ReadableSpan) => span.instrumentationScope.name;
/** A call out of the process over HTTP (undici, or node:http). */
const isHttpCall = (span: ReadableSpan) =>
  ['@opentelemetry/instrumentation-undici', '@opentelemetry/instrumentation-http'].includes(scopeOf(span));

describe('one lead, one trace', () => {
  it('follows a submitted lead from the gateway through every service to the SMS provider', async () => {
    const tag = randomUUID().slice(0, 8);
    await signUpFundedContractor(stack, { sub_service: 'hvac', zip_codes: '10001' });
    const offers = () => fake.messages.filter((m) => m.body.includes('/claim/')).length;
    const before = offers();
    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: 'Bob Jones',
        phone: '(617) 555-0142',
        zip_code: '10001',
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'AC not cooling at all',
        email: `bob.${tag}@example.com`,
      },
    });
    expect(submit.status).toBeLessThan(300);
    await waitFor(() => offers() > before, 'the offer SMS at the fake Twilio', 20_000);

    const gatewaySpan = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'gateway POST /.netlify/functions/leads-submit');
    expect(gatewaySpan).toBeDefined();
    const traceId = gatewaySpan!.spanContext().traceId;
    // The provider call ends after Twilio answered; the delivery's own spans may still be closing.
    const spans = await waitFor(() => {
      const inTrace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      return inTrace.some((s) => serviceOf(s) === 'notification' && s.name.startsWith('handle ')) &&
        inTrace.some(isHttpCall)
        ? inTrace
        : undefined;
    }, 'the notification spans');

    const services = new Set(spans.map(serviceOf).filter(Boolean));
    for (const service of ['gateway', 'lead-intake', 'screening', 'wallet-ledger', 'matching', 'notification'])
      expect(services, service).toContain(service);
    expect(spans.find((s) => s.name === 'lead-intake POST /.netlify/functions/leads-submit')).toBeDefined();
    // The SMS provider's API, called by the Twilio SDK, from inside notification's handler.
    const providerCall = spans.find(isHttpCall);
    expect(String(providerCall?.attributes['url.full'] ?? providerCall?.attributes['http.url'])).toContain(
      new URL(fake.url).host,
    );
    if (stack.infra.real) {
      // Real servers: the auto-instrumented database and broker calls are in the same trace.
      expect(spans.filter((s) => scopeOf(s) === '@opentelemetry/instrumentation-pg').length).toBeGreaterThan(0);
      const amqp = spans.filter((s) => scopeOf(s) === '@opentelemetry/instrumentation-amqplib');
      expect(amqp.some((s) => s.kind === 3 /* PRODUCER */)).toBe(true);
      expect(amqp.some((s) => s.kind === 4 /* CONSUMER */)).toBe(true);
    }
  });

  it('puts the trace and span ids on a line logged inside a span', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace-test', 'info', { write: (line: string) => void lines.push(line) });
    const { withSpan } = await import('@leadmarket/platform');
    const ids = await withSpan('logging', {}, async (span) => {
      logger.info('inside');
      return span.spanContext();
    });
    logger.info('outside');
    const [inside, outside] = lines.map((l) => JSON.parse(l));
    expect(inside).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
    expect(outside.trace_id).toBeUndefined();
  });
});
