import { createHash } from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';

/**
 * Reads on a hot path (the dashboard's first paint), compiled once and prepared once per connection.
 *
 * Every kysely query is built and compiled to SQL again on each call (a tree of operation nodes, the
 * schema plugin's pass over it, the compiler's), and node-postgres sends it unnamed, so PostgreSQL
 * parses and plans it again each time too. For a read whose shape never changes only its values do:
 * `preparedRead` builds and compiles it once per database handle with a marker in place of each
 * value, and each call sends the same SQL text with that call's values. The text is registered, so
 * the pg connections of this process send it as a named prepared statement (`namedStatementOf`,
 * used by database.ts): parsed once per connection, and PostgreSQL may keep its plan.
 *
 * The builder sees markers, not values, so nothing of the query's shape can depend on them (no
 * `in` list of a call's length); a marker the compiler put into the SQL text instead of a parameter
 * is refused on first use. PGlite runs the same text unnamed.
 */
export function preparedRead<DB, P extends Record<string, string>, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<DB>, { query: CompiledQuery<R>; slots: Slot[] }>();
  return async (db, params) => {
    let c = compiled.get(db);
    if (!c) {
      c = compile(db, build);
      compiled.set(db, c);
    }
    const parameters = c.slots.map((s) => (s.param === undefined ? s.value : params[s.param]));
    const { rows } = await db.executeQuery<R>({ ...c.query, queryId: createQueryId(), parameters });
    return rows;
  };
}

type Slot = { param: string; value?: undefined } | { param?: undefined; value: unknown };

const MARK = '\u0001lm-param:';

function compile<DB, P extends Record<string, string>, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): { query: CompiledQuery<R>; slots: Slot[] } {
  const markers = new Proxy({} as P, { get: (_t, key) => `${MARK}${String(key)}` });
  const query = build(db, markers).compile();
  if (query.sql.includes(MARK)) throw new Error(`preparedRead: a value was written into the SQL text: ${query.sql}`);
  const slots = query.parameters.map((p): Slot =>
    typeof p === 'string' && p.startsWith(MARK) ? { param: p.slice(MARK.length) } : { value: p },
  );
  registerStatement(query.sql);
  return { query, slots };
}

/** SQL texts sent as named prepared statements, by text: the name is the text's hash (one text, one name). */
const named = new Map<string, string>();

function registerStatement(sql: string): void {
  if (!named.has(sql)) named.set(sql, `lm_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
}

/** The prepared statement's name of a registered SQL text (database.ts sends it named), else undefined. */
export const namedStatementOf = (sql: string): string | undefined => named.get(sql);

/**
 * Send a text unnamed from now on: PostgreSQL refused its cached plan ("cached plan must not change
 * result type" after a migration changed a table under a running process). database.ts calls this
 * and sends the query again unnamed.
 */
export const forgetStatement = (sql: string): void => {
  named.delete(sql);
};
