import { AsyncLocalStorage } from 'node:async_hooks';
import { context, propagation, trace, SpanKind, type Context, type Span } from '@opentelemetry/api';

/** Our tracer; a no-op until an SDK is registered (startTelemetry, or a test's in-memory provider). */
export const tracer = () => trace.getTracer('leadmarket');

let started = false;

/**
 * Start the OpenTelemetry SDK when the standard OTEL_* variables ask for an exporter
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER); otherwise tracing stays off.
 * Call it first in a process, before the instrumented modules do their work.
 */
export async function startTelemetry(serviceName: string): Promise<() => Promise<void>> {
  const wanted =
    (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_TRACES_EXPORTER) &&
    process.env.OTEL_TRACES_EXPORTER !== 'none';
  if (!wanted || started) return async () => {};
  started = true;
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { PgInstrumentation },
    { AmqplibInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-amqplib'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? serviceName,
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new AmqplibInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** The W3C traceparent of the active span, for an event envelope or an outgoing request. */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** The context a traceparent (from an envelope or a header) continues. */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

/** Run `fn` inside a new span that continues `parent`; the span ends (with error status) when fn settles. */
export async function withSpan<T>(
  name: string,
  options: { parent?: Context; kind?: SpanKind; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: 2, message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind };

/** The correlation id of the work in progress (a request id, or the event being handled). */
const correlation = new AsyncLocalStorage<string>();
export const runWithCorrelation = <T>(id: string, fn: () => T): T => correlation.run(id, fn);
export const currentCorrelationId = (): string | undefined => correlation.getStore();
