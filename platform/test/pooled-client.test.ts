import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../src/db/database.js';
import { preparedRead } from '../src/db/prepared.js';
import { createTestInfra, realServersConfigured, type TestInfra } from '../src/testing/infra.js';

// The pg pool as Kysely uses it (db/pooled-client.ts): prepared statements by name, transactions
// that end cleanly whatever fails in them, and a connection given up after its query's deadline.
describe.runIf(realServersConfigured())('the pooled pg client', () => {
  let infra: TestInfra;
  let database: Database;
  let db: Kysely<any>;

  beforeAll(async () => {
    infra = await createTestInfra();
    // One connection, so what one test leaves on it is what the next statement meets.
    database = createPostgresDatabase({ url: infra.databaseUrl!, poolSize: 1, timeouts: { statementMs: 500 } });
    db = database.root;
    await sql`create table pc_items (id int primary key, note text)`.execute(db);
    await sql`insert into pc_items values (1, 'a'), (2, 'b')`.execute(db);
  });
  afterAll(async () => {
    await database?.close();
    await infra?.cleanup();
  });

  const noteOf = preparedRead((d: Kysely<any>, p: { id: number }) =>
    d.selectFrom('pc_items').select('note').where('id', '=', p.id),
  );
  const ids = async () =>
    (await sql<{ id: number }>`select id from pc_items order by id`.execute(db)).rows.map((r) => r.id);

  it('a failing statement rolls its transaction back and leaves the connection clean, prepared statements included', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await noteOf(trx, { id: 2 })).toEqual([{ note: 'b' }]);
        await sql`insert into pc_items values (${3}, ${'kept?'})`.execute(trx);
        await sql`insert into pc_items values (${1}, ${'duplicate key'})`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1, 2]);
    await db.transaction().execute(async (trx) => {
      expect(await noteOf(trx, { id: 1 })).toEqual([{ note: 'a' }]);
      await sql`insert into pc_items values (${4}, ${'d'})`.execute(trx);
    });
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('a query unanswered past its deadline fails, and its connection is replaced by a fresh one', async () => {
    const pidBefore = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    await expect(
      db.transaction().execute(async (trx) => {
        // The server's own statement_timeout is lifted, so only the client's deadline (500 + 5000 ms) ends it.
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`select pg_sleep(8)`.execute(trx);
      }),
    ).rejects.toThrow(/no answer to a query within 5500 ms/);
    const pidAfter = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    expect(pidAfter).not.toBe(pidBefore);
    expect(await noteOf(db, { id: 2 })).toEqual([{ note: 'b' }]);
  }, 30_000);
});
