import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementOf, preparedRead } from '../src/db/prepared.js';
import { createTestInfra, type TestInfra } from '../src/testing/infra.js';

// A hot read compiled once with markers for its values: each call answers with its own values, on
// PostgreSQL as a named prepared statement (parsed once per connection), on PGlite unnamed.
interface Db {
  pr_items: { id: string; owner: string; n: number };
}

let infra: TestInfra;
let db: Kysely<Db>;
beforeAll(async () => {
  infra = await createTestInfra();
  db = infra.database.root as Kysely<Db>;
  await sql`create table pr_items (id text primary key, owner text not null, n int not null)`.execute(db);
  await sql`insert into pr_items values ('a', 'ann', 1), ('b', 'ann', 2), ('c', 'bob', 3)`.execute(db);
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
        expect(mine).toHaveLength(1);
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
