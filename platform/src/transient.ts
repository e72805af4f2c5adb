/**
 * Which failures are outages (retry later, the work is fine) and which are the work's own fault
 * (poison: dead-letter it). A database or broker that is down, restarting or unreachable, a
 * timeout, a serialization failure or a busy peer service are all outages.
 */

/** Node socket errors: the peer is not there (yet) or went away. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/**
 * PostgreSQL SQLSTATEs worth retrying: connection exceptions (08xxx), serialization failure and
 * deadlock, statement timeout or cancel, too many connections, server shutting down or starting up,
 * lock not available.
 */
const PG_TRANSIENT = /^(08...|40001|40P01|57014|57P01|57P02|57P03|53300|53400|55P03)$/;

/** Messages the pg and amqplib clients use for a dead connection (they carry no code). */
const TRANSIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection closed',
  'Channel closed',
  'Channel ended',
  'RabbitMQ not connected',
  'not connected',
  'socket hang up',
  'fetch failed',
  'deadline exceeded',
];

/** A deadline that passed: the work may be fine, the connection under it probably is not. */
export class DeadlineError extends Error {
  readonly transient = true;
  constructor(what: string, ms: number) {
    super(`${what}: deadline exceeded after ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/** True when `err` (or its cause) is an outage to wait out rather than a reason to give up on the work. */
export function isTransientError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    status?: unknown;
    transient?: unknown;
    cause?: unknown;
  };
  if (e.transient === true) return true;
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || PG_TRANSIENT.test(e.code))) return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.name === 'DeadlineError') return true;
  // Another service answering 5xx or 429 (ServiceCallError) is busy or down, not refusing the work.
  if (e.name === 'ServiceCallError' && typeof e.status === 'number' && (e.status >= 500 || e.status === 429))
    return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (TRANSIENT_MESSAGES.some((m) => message.includes(m))) return true;
  if (e instanceof AggregateError) return e.errors.some((inner) => isTransientError(inner, depth + 1));
  return isTransientError(e.cause, depth + 1);
}

/** Reject with a DeadlineError when `work` has not settled within `ms` (the work itself is not cancelled). */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError(what, ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The one back-off of the code base (retries, reconnects, restarts): base, 2×base, 4×base … up to
 * `capMs` for attempt 1, 2, 3 …; with jitter (the default) a random point in the upper half of that,
 * so many retrying at once spread out instead of arriving together.
 */
export function backoffMs(attempt: number, baseMs = 200, capMs = 30_000, { jitter = true } = {}): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 20));
  return jitter ? Math.round(exp / 2 + (Math.random() * exp) / 2) : exp;
}
