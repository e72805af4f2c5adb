import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import { forgetStatement, namedStatementOf } from './prepared.js';

/**
 * The pg pool as Kysely's PostgresDialect uses it (its `PostgresPool` interface), through
 * node-postgres' public API only:
 *
 * - a statement whose text `prepared` registered is sent with pg's `name` option, as a named prepared
 *   statement (parsed once per connection). If PostgreSQL refuses its cached plan (SQLSTATE 0A000: a
 *   migration changed a table's row type under this process) the text goes unnamed from then on, and
 *   this call is sent again unnamed.
 * - each query has a client-side deadline. A connection that does not answer in time (a blackholed
 *   server never resets it) fails its query, refuses any further one at once (the transaction's
 *   ROLLBACK included) and is handed back to the pool as broken, so pg-pool closes it and opens a
 *   fresh one. pg's own query_timeout would hand the silent connection back as healthy.
 */
export function kyselyPool(pool: pg.Pool, deadlineMs: number, logger?: Logger): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PooledClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let pooled = wrapped.get(client);
      if (!pooled) wrapped.set(client, (pooled = new PooledClient(client, deadlineMs, logger)));
      return pooled;
    },
    end: () => pool.end(),
  };
}

type Result = PostgresQueryResult<unknown>;

class PooledClient implements PostgresPoolClient {
  private broken: Error | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly deadlineMs: number,
    private readonly logger?: Logger,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(
    sqlOrCursor: string | PostgresCursor<unknown>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<Result> | PostgresCursor<unknown> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as unknown as pg.Submittable) as never;
    if (this.broken) return Promise.reject(this.broken);
    return this.withDeadline(this.send(sqlOrCursor, [...(parameters ?? [])]));
  }

  release(): void {
    this.client.release(this.broken);
  }

  private async send(text: string, values: unknown[]): Promise<Result> {
    const name = namedStatementOf(text);
    if (!name) return (await this.client.query(text, values)) as Result;
    try {
      return (await this.client.query({ name, text, values })) as Result;
    } catch (err) {
      if ((err as { code?: unknown })?.code !== '0A000') throw err;
      forgetStatement(text);
      return (await this.client.query(text, values)) as Result;
    }
  }

  private withDeadline(query: Promise<Result>): Promise<Result> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.broken ??= new Error(`Connection given up: no answer to a query within ${this.deadlineMs} ms`);
        this.logger?.warn({ err: String(this.broken) }, 'database connection error; it will be replaced');
        reject(this.broken);
      }, this.deadlineMs);
      query.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }
}
