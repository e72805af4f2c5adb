/**
 * `node --import tsx --import @leadmarket/platform/register <entry>`: tracing starts here, before
 * the entry point imports pg, amqplib or ioredis, so their instrumentations see them load. Off
 * (and the SDK not even loaded) unless the OTEL_* variables ask for an exporter.
 */
import { tracingWanted } from './wanted.js';

if (tracingWanted()) (await import('./sdk.js')).startTracing();
