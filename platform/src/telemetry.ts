import { AsyncLocalStorage } from 'node:async_hooks';
import { context, propagation, trace, SpanKind, type Context, type Span } from '@opentelemetry/api';
import { tracingWanted } from './tracing/wanted.js';

/** Our tracer; a no-op until the SDK is started (the register module, or a test's startTracing). */
export const tracer = () => trace.getTracer('leadmarket');

/**
 * The stop function of this process's tracing (flush and shut down at the end of a drain).
 * Tracing starts in the register module (`--import @leadmarket/platform/register`), before pg,
 * amqplib and ioredis load; an entry point run without it but with tracing asked for starts the
 * SDK here, late: its own spans only, the libraries already loaded stay uninstrumented.
 */
export async function startTelemetry(serviceName: string): Promise<() => Promise<void>> {
  if (!tracingWanted()) return async () => {};
  const sdk = await import('./tracing/sdk.js');
  if (!sdk.tracingStarted()) {
    console.warn(
      `${serviceName}: tracing asked for, but the process was not started with --import @leadmarket/platform/register; pg, amqplib and ioredis spans are missing`,
    );
    sdk.startTracing({ serviceName });
  }
  return sdk.stopTracing;
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
