import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementOf, prepared, preparedRead } from '../src/db/prepared.js';
import { createTestInfra, type TestInfra } from '../src/testing/infra.js';

// A hot read compiled once with markers for its values: each call answers with its own values, on
// PostgreSQL as a named prepared statement (parsed once per connection), on PGlite unnamed.
interface Db {
  pr_items: { id: string; owner: string; n: number };
  pr_log: { id: string; at: Date; n: number };
}

let infra: TestInfra;
let db: Kysely<Db>;
beforeAll(async () => {
  infra = await createTestInfra();
  db = infra.database.root as Kysely<Db>;
  await sql`create table pr_items (id text primary key, owner text not null, n int not null)`.execute(db);
  await sql`insert into pr_items values ('a', 'ann', 1), ('b', 'ann', 2), ('c', 'bob', 3)`.execute(db);
  await sql`create table pr_log (id text primary key, at timestamptz not null, n int not null)`.execute(db);
});
afterAll(async () => {
  await infra?.cleanup();
});

const itemsOf = preparedRead((d: Kysely<Db>, p: { owner: string; min: string }) =>
  d
    .selectFrom('pr_items')
    .select(['id', 'n'])
    .where('owner', '=', p.owner)
    .where('n', '>=', sql<number>`${p.min}::int`)
    .where('id', '!=', 'zzz')
    .orderBy('id'),
);

describe('preparedRead', () => {
  it("answers each call with that call's values, constants kept", async () => {
    expect(await itemsOf(db, { owner: 'ann', min: '0' })).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect(await itemsOf(db, { owner: 'ann', min: '2' })).toEqual([{ id: 'b', n: 2 }]);
    expect(await itemsOf(db, { owner: 'bob', min: '0' })).toEqual([{ id: 'c', n: 3 }]);
    expect(await itemsOf(db, { owner: 'nobody', min: '0' })).toEqual([]);
  });

  it('refuses a read whose value the compiler wrote into the SQL text', async () => {
    const inlined = preparedRead((d: Kysely<Db>, p: { owner: string }) =>
      d.selectFrom('pr_items').select('id').where('owner', '=', sql.lit(p.owner)),
    );
    await expect(inlined(db, { owner: 'ann' })).rejects.toThrow(/written into the SQL text/);
  });

  it('refuses a value made from a parameter in code', async () => {
    const concatenated = preparedRead((d: Kysely<Db>, p: { owner: string }) =>
      d.selectFrom('pr_items').select('id').where('owner', 'like', `${p.owner}%`),
    );
    await expect(concatenated(db, { owner: 'an' })).rejects.toThrow(/made from a parameter in code/);
  });

  it('refuses a builder that spreads its parameters (it would see none of them)', async () => {
    const spread = prepared((d: Kysely<Db>, p: { id: string; at: Date; n: number }) =>
      d.insertInto('pr_log').values({ ...p }),
    );
    await expect(spread(db, { id: 's1', at: new Date(), n: 1 })).rejects.toThrow(/cannot be spread/);
  });

  // A write whose list has each call's length: one array parameter, so one shape; numbers and dates too.
  let builds = 0;
  const logAll = prepared((d: Kysely<Db>, p: { ids: string[]; at: Date; n: number }) => {
    builds++;
    return d
      .insertInto('pr_log')
      .columns(['id', 'at', 'n'])
      .expression(
        d.selectNoFrom([
          sql<string>`unnest(${p.ids}::text[])`.as('id'),
          sql<Date>`${p.at}::timestamptz`.as('at'),
          sql<number>`${p.n}::int`.as('n'),
        ]),
      )
      .onConflict((oc) => oc.column('id').doNothing());
  });

  it('writes with array, number and date parameters, built once for the handle and every transaction of it', async () => {
    const at = new Date('2026-11-25T12:00:00Z');
    const first = await db.transaction().execute((trx) => logAll(trx, { ids: ['x1', 'x2', 'x3'], at, n: 7 }));
    expect(Number(first.numAffectedRows)).toBe(3);
    const second = await db.transaction().execute((trx) => logAll(trx, { ids: ['x3', 'x4'], at, n: 8 }));
    expect(Number(second.numAffectedRows)).toBe(1); // x3 was there: nothing written for it
    expect(Number((await logAll(db, { ids: [], at, n: 9 })).numAffectedRows ?? 0)).toBe(0);
    expect(builds).toBe(1);
    const rows = await db.selectFrom('pr_log').select(['id', 'at', 'n']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, new Date(r.at).toISOString(), r.n])).toEqual([
      ['x1', at.toISOString(), 7],
      ['x2', at.toISOString(), 7],
      ['x3', at.toISOString(), 7],
      ['x4', at.toISOString(), 8],
    ]);
  });

  it('builds again for a handle of another schema', async () => {
    await sql`create schema if not exists pr_other`.execute(db);
    await sql`create table if not exists pr_other.pr_log (id text primary key, at timestamptz not null, n int not null)`.execute(
      db,
    );
    const before = builds;
    const other = db.withSchema('pr_other');
    await other.transaction().execute((trx) => logAll(trx, { ids: ['o1'], at: new Date(), n: 1 }));
    await other.transaction().execute((trx) => logAll(trx, { ids: ['o2'], at: new Date(), n: 2 }));
    expect(builds).toBe(before + 1);
    const mine = await sql<{ id: string }>`select id from pr_other.pr_log order by id`.execute(db);
    expect(mine.rows.map((r) => r.id)).toEqual(['o1', 'o2']);
  });

  it.runIf(infra?.real ?? Boolean(process.env.DATABASE_URL))(
    'is a named prepared statement on the connection, parsed once',
    async () => {
      await db.connection().execute(async (conn) => {
        for (let i = 0; i < 3; i++) await itemsOf(conn, { owner: 'ann', min: String(i) });
        const compiled = (
          await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
            conn,
          )
        ).rows;
        const mine = compiled.filter((r) => r.statement.includes('pr_items'));
        expect(mine.map((r) => r.statement)).toHaveLength(1);
        expect(namedStatementOf(mine[0]!.statement)).toBe(mine[0]!.name);
      });
    },
  );

  it.runIf(infra?.real ?? Boolean(process.env.DATABASE_URL))(
    'answers after a migration changed the row type under the prepared statement, unnamed from then on',
    async () => {
      interface Wide {
        pr_wide: { id: string; owner: string };
      }
      await sql`create table pr_wide (id text primary key, owner text not null)`.execute(db);
      await sql`insert into pr_wide values ('w1', 'ann')`.execute(db);
      const all = preparedRead((d: Kysely<Wide>, p: { owner: string }) =>
        d.selectFrom('pr_wide').selectAll().where('owner', '=', p.owner),
      );
      await db.connection().execute(async (conn) => {
        const wide = conn as unknown as Kysely<Wide>;
        expect(await all(wide, { owner: 'ann' })).toEqual([{ id: 'w1', owner: 'ann' }]);
        await sql`alter table pr_wide add column note text default 'x'`.execute(conn);
        // PostgreSQL refuses the cached plan (0A000); the read is sent again unnamed.
        expect(await all(wide, { owner: 'ann' })).toEqual([{ id: 'w1', owner: 'ann', note: 'x' }]);
        expect(await all(wide, { owner: 'ann' })).toEqual([{ id: 'w1', owner: 'ann', note: 'x' }]);
      });
    },
  );
});
