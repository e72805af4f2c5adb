import { z } from 'zod';
import { MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST, PRODUCTION_PASSWORD_HASH_COST } from './security/tokens.js';

/** Thrown when the environment does not satisfy a config schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment with a zod schema; a missing or malformed variable stops start-up with its name. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
      return value === undefined
        ? `${name} is missing or invalid: ${issue.message}`
        : `${name}=${JSON.stringify(value)} is invalid: ${issue.message}`;
    }),
  );
}

/** A boolean variable written as true/false/1/0/yes/no. */
export const envBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** An integer variable with a default. */
export const envInt = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `expected an integer ≥ ${min}` });
        return z.NEVER;
      }
      return n;
    });

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional());

/** The variables every process reads (see README "Environment variables"). */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL itself when DATABASE_URL is PgBouncer in transaction mode: LISTEN and the migration
   * lock need a session of their own (docs/adr/0038). Unset means DATABASE_URL.
   */
  DATABASE_SESSION_URL: optionalUrl,
  /** RabbitMQ; unset means the in-process bus. */
  AMQP_URL: optionalUrl,
  /** Redis; unset means the in-process key-value store. */
  REDIS_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  /** Connections per process to PostgreSQL (7 services share the server's max_connections, 100 by default). */
  DATABASE_POOL_SIZE: envInt(10, 1),
  /** Opening a database connection or waiting for a free one; a blackholed server fails after this. */
  DATABASE_CONNECT_TIMEOUT_MS: envInt(5000, 100),
  /** Server-side statement timeout; a query unanswered 5 s past it has its connection replaced. */
  DATABASE_STATEMENT_TIMEOUT_MS: envInt(15_000, 100),
  /** The server ends a transaction its client left open (a crashed or cut-off process) after this. */
  DATABASE_IDLE_TX_TIMEOUT_MS: envInt(30_000, 100),
  /** TCP keepalive initial delay on database connections. */
  DATABASE_KEEPALIVE_MS: envInt(10_000, 100),
  /** AMQP heartbeat: a broker that stops answering is noticed after about two of these. */
  AMQP_HEARTBEAT_SECONDS: envInt(5, 1),
  /** SIGTERM drains for at most this long, then the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: envInt(10_000, 100),
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
  /** Shared secret the gateway sends to services; services refuse function calls without it. */
  INTERNAL_API_TOKEN: z.string().min(16).optional(),
  /** Bearer token Prometheus sends to /metrics; under NODE_ENV=production /metrics is not served without it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Prefix for exchange, queues and keys so several stacks can share one broker and Redis (tests). */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_.-]*$/)
    .default(''),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/**
 * PASSWORD_HASH_COST, log2 of scrypt's N for new password hashes (platform/src/security/tokens.ts):
 * 16 by default; below 16 only outside production (the test suite uses 10), so a production
 * deployment cannot be configured into weak hashes.
 */
export const PasswordHashingConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PASSWORD_HASH_COST: envInt(PRODUCTION_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST),
  })
  .refine((c) => c.PASSWORD_HASH_COST <= MAX_PASSWORD_HASH_COST, {
    message: `expected an integer from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`,
    path: ['PASSWORD_HASH_COST'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.PASSWORD_HASH_COST >= PRODUCTION_PASSWORD_HASH_COST, {
    message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production`,
    path: ['PASSWORD_HASH_COST'],
  });
export type PasswordHashingConfig = z.infer<typeof PasswordHashingConfigSchema>;
