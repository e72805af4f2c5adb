import pg from 'pg';
import { lastOf } from './coalesced-statements.js';

/**
 * A transaction's BEGIN sent in the same write as its first statement when that statement has
 * parameters (issue 19: a round trip, two system calls on each side, per such transaction).
 *
 * node-postgres sends a statement with parameters with the extended protocol (Parse, Bind,
 * Describe, Execute, Sync) and waits for its answer before it sends anything else, so a held BEGIN
 * used to go first, alone. This query puts BEGIN's own Bind and Execute (the unnamed statement) in
 * front of the statement's messages, before the one Sync: PostgreSQL runs them in order, and if
 * the statement fails the transaction is open and aborted, exactly as if BEGIN had been sent on
 * its own first. The answer is the statement's result (BEGIN's is dropped).
 */
interface Connection {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  parsedStatements: Record<string, string>;
}

type Callback = (err: Error | null, result?: unknown) => void;
const Query = pg.Query as unknown as new (
  config: pg.QueryConfig,
  values?: unknown,
  callback?: Callback,
) => {
  name?: string;
  prepare(connection: Connection): void;
  handleError(err: Error, connection: Connection): void;
};

class BeginThenQuery extends Query {
  private parsedBefore = true;

  override prepare(connection: Connection): void {
    this.parsedBefore = !this.name || connection.parsedStatements[this.name] !== undefined;
    connection.parse({ text: 'begin', name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  // BEGIN's ParseComplete arrives first and node-postgres takes it for this statement's: a named
  // statement that then fails to parse must not be remembered as parsed on this connection.
  override handleError(err: Error, connection: Connection): void {
    if (!this.parsedBefore && this.name) delete connection.parsedStatements[this.name];
    super.handleError(err, connection);
  }
}

/** What `coalesceStatements` hands down for a BEGIN that rides with a statement with parameters. */
export interface BeginWith {
  beginWith: { text: string; values: unknown[] };
}

export const isBeginWith = (value: unknown): value is BeginWith =>
  typeof value === 'object' && value !== null && 'beginWith' in value;

/**
 * Send BEGIN and the statement (named when `name` is given: a prepared statement) on a pg client,
 * in one write; resolves with the statement's result.
 */
export function sendBeginWith(
  query: (submittable: unknown) => unknown,
  statement: { text: string; values: unknown[]; name?: string },
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    query(
      new BeginThenQuery(
        { text: statement.text, values: statement.values, name: statement.name },
        undefined,
        (err, result) => {
          if (err) return reject(err);
          resolve(lastOf(result) as pg.QueryResult);
        },
      ),
    );
  });
}
