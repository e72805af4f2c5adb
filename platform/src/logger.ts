import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One pino logger per process; pretty in a terminal during development, JSON otherwise. A
 * `destination` (a test's in-memory log) takes the JSON lines instead of stdout.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = {
    name,
    level,
    redact: ['req.headers.authorization', '*.password', '*.session_token', '*.token', '*.secret'],
    mixin: traceFields,
  };
  if (destination) return pino(options, destination);
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    ...options,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l' } } }
      : {}),
  });
}

/** The active span's ids on every line logged inside it, so a log line leads to its trace. */
function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
