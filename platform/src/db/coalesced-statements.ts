import pg from 'pg';
import type { BeginWith } from './begin-with.js';

/**
 * Fewer round trips per transaction on a pg connection, without changing what runs or in which order.
 *
 * Every statement node-postgres sends waits for its answer before the next leaves, so a consumer's
 * transaction — BEGIN, its inbox insert, the handler's statements, its outbox insert, COMMIT — costs a
 * round trip each, and on this kind of machine a round trip's system calls and wake-ups cost more
 * CPU than the statement itself. PostgreSQL's simple query protocol takes several statements in one
 * message, but only without parameters. So:
 *
 * - `begin` is held back and sent in front of the transaction's next statement: in one simple-query
 *   message when that statement has no parameters (the inbox insert is written so: `literalSql`),
 *   in the statement's own extended-protocol messages when it has (begin-with.ts); a transaction
 *   that sends nothing sends no BEGIN and no COMMIT.
 * - A statement marked `beforeCommit` (the outbox insert and its NOTIFY, written with literals) is
 *   held back and sent in front of whatever comes next: with the COMMIT in one message, or before
 *   the next statement. Its caller gets an empty answer at once, so it must not need the rows; an
 *   error it causes surfaces at the next statement or at COMMIT, inside the same transaction.
 * - A rollback drops what is held (nothing of it ran) and is sent only if the transaction had begun.
 *
 * A held statement always leaves before any later one, so each statement sees what the earlier ones
 * did. Statements with parameters and every other form of query go out as they always did.
 */
const BEFORE_COMMIT = '/* before commit */ ';

/** Mark a parameterless statement whose rows nobody reads, so it may ride with the COMMIT. */
export const beforeCommit = (text: string): string => `${BEFORE_COMMIT}${text}`;

/** A string as an SQL literal (for statements sent without parameters). */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

type Query = (...args: unknown[]) => unknown;
type Result = { command: string; rowCount: number; rows: unknown[]; fields: unknown[] };

const emptyResult = (command: string): Result => ({ command, rowCount: 0, rows: [], fields: [] });

/** The answer to the last statement of a multi-statement message (pg answers with one per statement). */
export const lastOf = (result: unknown): unknown => (Array.isArray(result) ? result[result.length - 1] : result);

export function coalesceStatements(send: Query): Query {
  let held: string[] = [];
  let begun = false; // a BEGIN has been sent (or is held): COMMIT/ROLLBACK have something to end

  const flushWith = (text: string): Promise<unknown> => {
    const message = [...held, text].join(';\n');
    held = [];
    return (send(message) as Promise<unknown>).then(lastOf);
  };

  return (...args: unknown[]) => {
    const [text, values] = args;
    const plain = typeof text === 'string' && args.length <= 2 && (values === undefined || Array.isArray(values));
    if (!plain) {
      // Callback, config-object and cursor forms: whatever is held goes first, on its own.
      if (held.length) void (send(held.splice(0).join(';\n')) as Promise<unknown>).catch(() => {});
      return send(...args);
    }
    const params = (values as unknown[] | undefined) ?? [];
    const statement = text as string;
    const keyword = statement.trim().toLowerCase();

    if (keyword === 'begin' && held.length === 0 && !begun) {
      held.push('begin');
      begun = true;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (keyword === 'commit' || keyword === 'rollback') {
      const onlyBegin = held.length === 1 && held[0] === 'begin';
      const ended = begun;
      begun = false;
      if (keyword === 'rollback' && held[0] === 'begin') {
        held = []; // nothing of the transaction reached the server
        return Promise.resolve(emptyResult('ROLLBACK'));
      }
      if (keyword === 'rollback') held = []; // held statements of a rolled-back transaction never run
      if (onlyBegin) {
        held = [];
        return Promise.resolve(emptyResult('COMMIT'));
      }
      if (!ended && held.length === 0) return send(...args);
      return flushWith(statement);
    }
    if (params.length === 0 && statement.startsWith(BEFORE_COMMIT) && begun) {
      held.push(statement);
      return Promise.resolve(emptyResult('INSERT'));
    }
    if (held.length === 0) return send(...args);
    if (params.length === 0) return flushWith(statement);
    if (held.length === 1 && held[0] === 'begin') {
      // Only BEGIN is held: it rides in the statement's own extended-protocol messages (begin-with.ts).
      held = [];
      const request: BeginWith = { beginWith: { text: statement, values: params } };
      return send(request);
    }
    // Parameters need the extended protocol: what is held goes first, and its error is the one reported.
    const before = send(held.splice(0).join(';\n')) as Promise<unknown>;
    const main = send(...args) as Promise<unknown>;
    return before.then(
      () => main,
      (err) => {
        main.catch(() => {});
        throw err;
      },
    );
  };
}
