import { basename, dirname } from 'node:path';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

export { tracingWanted } from './wanted.js';

/*
 * This module loads no instrumented library (pg, amqplib, ioredis, http): it must run before them.
 * They are CommonJS, loaded through `require` even from our ES modules, so the instrumentations'
 * require hook patches them as they load; no ES module loader hook is needed.
 */

let sdk: NodeSDK | undefined;

/**
 * The process's service name when OTEL_SERVICE_NAME does not give one: `services/<name>/src/main.ts`
 * is `<name>`, `gateway/src/main.ts` the gateway, anything else (npm start) the embedded marketplace.
 */
export function serviceNameOf(entry = process.argv[1] ?? ''): string {
  const folder = dirname(dirname(entry));
  if (basename(dirname(folder)) === 'services') return basename(folder);
  if (basename(folder) === 'gateway' && basename(entry).startsWith('main.')) return 'gateway';
  return 'leadmarket-embedded';
}

export interface TracingOptions {
  serviceName?: string;
  /** Where finished spans go; default: the exporter the OTEL_* variables name (OTLP). Tests pass an in-memory one. */
  spanProcessors?: SpanProcessor[];
}

/**
 * Start the OpenTelemetry SDK with the instrumentations of what we use: pg, amqplib, ioredis and
 * outgoing HTTP over undici and node:http (the providers' APIs: Twilio, Stripe, SMTP's neighbours).
 * Incoming requests get our own server spans (the service's app hook and the gateway's forward),
 * so the public gateway never continues a client's trace; a call between our services already
 * carries the traceparent our clients set, and the service's server span shows that hop. pg,
 * Redis and undici calls are traced only inside a span, so polling makes no traces of its own.
 */
export function startTracing(options: TracingOptions = {}): void {
  if (sdk) return;
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? options.serviceName ?? serviceNameOf(),
    spanProcessors: options.spanProcessors,
    instrumentations: [
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new UndiciInstrumentation({ requireParentforSpans: true, ignoreRequestHook: carriesTraceparent }),
      new PgInstrumentation({ requireParentSpan: true }),
      new AmqplibInstrumentation(),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

/** An undici request that already carries a traceparent: one of ours to another service. */
function carriesTraceparent(request: { headers: string | (string | string[])[] }): boolean {
  return Array.isArray(request.headers)
    ? request.headers.some((name, i) => i % 2 === 0 && String(name).toLowerCase() === 'traceparent')
    : /^traceparent:/im.test(request.headers);
}

/** Whether this process started the SDK (through the register module, or a test). */
export const tracingStarted = (): boolean => sdk !== undefined;

/** Flush and stop the SDK (at the end of a drain); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown();
}
