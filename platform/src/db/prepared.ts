import { createHash } from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { AnySchemaDb } from './any-schema.js';

/**
 * Statements on a hot path (the dashboard's first paint, the lead pipeline's per-lead writes),
 * compiled once and prepared once per connection.
 *
 * Every kysely query is built and compiled to SQL again on each call (a tree of operation nodes, the
 * schema plugin's pass over it, the compiler's), and node-postgres sends it unnamed, so PostgreSQL
 * parses and plans it again each time too. For a statement whose shape never changes only its values
 * do: `prepared` builds and compiles it once per kind of database handle (the same dialect and
 * plugins: a service's handle and every transaction opened from it share one) with a marker in place
 * of each value, and each call sends the same SQL text with that call's values. The text is
 * registered, so the pg connections of this process send it as a named prepared statement
 * (`namedStatementOf`, used by pooled-client.ts): parsed once per connection, and PostgreSQL may keep its
 * plan.
 *
 * The builder sees markers, not values, so nothing of the statement's shape can depend on them: a
 * list of a call's length goes in as one array parameter (`= any(${p.ids}::uuid[])`,
 * `unnest(${p.codes}::text[])`), and a value must be a parameter on its own (`${p.n}::int`, not
 * `'x' || p.n` in code). A marker the compiler put into the SQL text instead of a parameter, or one
 * inside another value, is refused on first use. PGlite runs the same text unnamed.
 */
export function prepared<DB, P extends object, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): (db: Kysely<DB>, params: P) => Promise<QueryResult<R>> {
  const compiled = new HandleCache<Compiled<R>>();
  return async (db, params) => {
    const c = compiled.get(db) ?? compiled.set(db, compile(db, build));
    const parameters = c.slots.map((s) =>
      s.param === undefined ? s.value : (params as Record<string, unknown>)[s.param],
    );
    return db.executeQuery<R>({ ...c.query, queryId: createQueryId(), parameters });
  };
}

/** `prepared` for a read: its rows. */
export function preparedRead<DB, P extends object, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const run = prepared(build);
  return async (db, params) => (await run(db, params)).rows;
}

type Slot = { param: string; value?: undefined } | { param?: undefined; value: unknown };
type Compiled<R> = { query: CompiledQuery<R>; slots: Slot[] };

const MARK = '\u0001lm-param:';
const END = '\u0002';

/** The parameter's name when a value is exactly one marker (not one with text around it). */
function markedName(value: string): string | undefined {
  if (!value.startsWith(MARK) || !value.endsWith(END)) return undefined;
  const name = value.slice(MARK.length, -END.length);
  return name.includes(MARK) || name.includes(END) ? undefined : name;
}

/** Whether a value carries a marker anywhere (a string, or inside an array or object). */
function carriesMark(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(MARK);
  if (value === null || typeof value !== 'object' || value instanceof Date) return false;
  return Object.values(value).some(carriesMark);
}

function compile<DB, P extends object, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): Compiled<R> {
  const markers = new Proxy({} as P, {
    get: (_t, key) => `${MARK}${String(key)}${END}`,
    // A spread or rest of the markers would be empty, silently: refused instead.
    ownKeys: () => {
      throw new Error('prepared: the parameters cannot be spread or listed in the builder; name each one');
    },
  });
  const query = build(db, markers).compile();
  if (query.sql.includes(MARK)) throw new Error(`prepared: a value was written into the SQL text: ${query.sql}`);
  const slots = query.parameters.map((p): Slot => {
    const name = typeof p === 'string' ? markedName(p) : undefined;
    if (name !== undefined) return { param: name };
    if (carriesMark(p)) throw new Error(`prepared: a value was made from a parameter in code: ${query.sql}`);
    return { value: p };
  });
  registerStatement(query.sql);
  return { query, slots };
}

/**
 * One compiled statement per kind of handle. The SQL text depends only on the dialect (its adapter,
 * one per Kysely instance) and the plugins (the service's schema); a transaction or connection
 * handle copies both from the handle it was opened on, so all of them share the entry, where a
 * cache by handle would compile again for every transaction.
 */
class HandleCache<V> {
  private readonly root = new WeakMap<object, Entry<V>>();

  private path(db: Kysely<unknown>): object[] {
    const executor = db.getExecutor();
    return [executor.adapter, ...executor.plugins];
  }

  get(db: AnySchemaDb): V | undefined {
    let map = this.root;
    let entry: Entry<V> | undefined;
    for (const key of this.path(db)) {
      entry = map.get(key);
      if (!entry) return undefined;
      map = entry.next;
    }
    return entry?.value;
  }

  set(db: AnySchemaDb, value: V): V {
    let map = this.root;
    let entry: Entry<V> | undefined;
    for (const key of this.path(db)) {
      entry = map.get(key);
      if (!entry) map.set(key, (entry = { next: new WeakMap() }));
      map = entry.next;
    }
    entry!.value = value;
    return value;
  }
}

type Entry<V> = { value?: V; next: WeakMap<object, Entry<V>> };

/** SQL texts sent as named prepared statements, by text: the name is the text's hash (one text, one name). */
const named = new Map<string, string>();

function registerStatement(sql: string): void {
  if (!named.has(sql)) named.set(sql, `lm_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
}

/** The prepared statement's name of a registered SQL text (pooled-client.ts sends it named), else undefined. */
export const namedStatementOf = (sql: string): string | undefined => named.get(sql);

/**
 * Send a text unnamed from now on: PostgreSQL refused its cached plan ("cached plan must not change
 * result type" after a migration changed a table under a running process). pooled-client.ts calls this
 * and sends the query again unnamed.
 */
export const forgetStatement = (sql: string): void => {
  named.delete(sql);
};
