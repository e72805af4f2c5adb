import { Socket } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeCommit, coalesceStatements } from '../src/db/coalesced-statements.js';
import { isBeginWith } from '../src/db/begin-with.js';
import { preparedRead } from '../src/db/prepared.js';
import { createTestInfra, realServersConfigured, type TestInfra } from '../src/testing/infra.js';

// What leaves for the server, message by message, when a transaction's BEGIN and its outbox write
// are held back to ride with their neighbours.
describe('coalesced statements (what is sent)', () => {
  const recorder = (fail?: (message: string) => Error | undefined) => {
    const sent: string[] = [];
    const send = (...args: unknown[]) => {
      // A BEGIN riding with a statement with parameters is recorded as "begin + <statement>".
      const message = isBeginWith(args[0]) ? `begin + ${args[0].beginWith.text}` : (args[0] as string);
      sent.push(message);
      const err = fail?.(message);
      if (err) return Promise.reject(err);
      const parts = message.split(';\n');
      const one = (text: string) => ({ command: text.split(' ')[0]!.toUpperCase(), rowCount: 1, rows: [{ text }] });
      return Promise.resolve(parts.length > 1 ? parts.map(one) : one(message));
    };
    return { sent, query: coalesceStatements(send) as (text: string, values?: unknown[]) => Promise<any> };
  };

  it('sends BEGIN with the first parameterless statement and the held outbox write with COMMIT', async () => {
    const { sent, query } = recorder();
    await query('begin', []);
    const inbox = await query("insert into inbox values ('e1') returning event_id", []);
    await query('update leads set status = $1', ['x']);
    await query(beforeCommit("insert into outbox values ('o1')"), []);
    await query('commit', []);
    expect(sent).toEqual([
      "begin;\ninsert into inbox values ('e1') returning event_id",
      'update leads set status = $1',
      `${beforeCommit("insert into outbox values ('o1')")};\ncommit`,
    ]);
    // The caller gets the answer of its own statement, the last of the message.
    expect(inbox.rows).toEqual([{ text: "insert into inbox values ('e1') returning event_id" }]);
  });

  it('hands a held BEGIN down with a statement with parameters, to go in its messages', async () => {
    const { sent, query } = recorder();
    await query('begin', []);
    const first = await query('select * from leads where id = $1', ['a']);
    await query('select * from leads where id = $1', ['b']);
    await query('commit', []);
    expect(sent).toEqual(['begin + select * from leads where id = $1', 'select * from leads where id = $1', 'commit']);
    expect(first.rows).toEqual([{ text: 'begin + select * from leads where id = $1' }]);
  });

  it('sends a held outbox write before the next statement, so that statement sees it', async () => {
    const { sent, query } = recorder();
    await query('begin', []);
    await query('select 1', []);
    await query(beforeCommit('insert into outbox values (1)'), []);
    await query('select count(*) from outbox where id = $1', [1]);
    await query('commit', []);
    expect(sent).toEqual([
      'begin;\nselect 1',
      beforeCommit('insert into outbox values (1)'),
      'select count(*) from outbox where id = $1',
      'commit',
    ]);
  });

  it('sends nothing for a transaction that ran nothing, and drops held statements on rollback', async () => {
    const { sent, query } = recorder();
    await query('begin', []);
    await query('commit', []);
    await query('begin', []);
    await query(beforeCommit('insert into outbox values (2)'), []);
    await query('rollback', []);
    expect(sent).toEqual([]);
    await query('begin', []);
    await query('select 1', []);
    await query(beforeCommit('insert into outbox values (3)'), []);
    await query('rollback', []);
    expect(sent).toEqual(['begin;\nselect 1', 'rollback']);
  });

  it('reports the held statement’s own error, not the aborted transaction’s', async () => {
    const { query } = recorder((m) =>
      m.includes('outbox') ? new Error('invalid input syntax for type json') : undefined,
    );
    await query('begin', []);
    await query('select 1', []);
    await query(beforeCommit('insert into outbox values (4)'), []);
    await expect(query('update x set y = $1', [1])).rejects.toThrow('invalid input syntax for type json');
  });

  it('outside a transaction a marked statement is not held', async () => {
    const { sent, query } = recorder();
    await query(beforeCommit('insert into outbox values (5)'), []);
    expect(sent).toEqual([beforeCommit('insert into outbox values (5)')]);
  });
});

describe.runIf(realServersConfigured())('coalesced statements on PostgreSQL', () => {
  let infra: TestInfra;
  let db: Kysely<any>;

  beforeAll(async () => {
    infra = await createTestInfra();
    db = infra.database.root;
    await sql`create table items (id int primary key, note text)`.execute(db);
    await sql`create table items2 (id int primary key, note text)`.execute(db);
    await sql`insert into items2 values (1, 'a'), (2, 'b')`.execute(db);
  });
  afterAll(async () => {
    await infra?.cleanup();
  });

  const notes = async () =>
    (await sql<{ id: number }>`select id from items order by id`.execute(db)).rows.map((r) => r.id);

  it('commits a transaction whose BEGIN and outbox-like write rode with their neighbours', async () => {
    await db.transaction().execute(async (trx) => {
      const r = await sql.raw<{ id: number }>(`insert into items values (1, 'a') returning id`).execute(trx);
      expect(r.rows).toEqual([{ id: 1 }]);
      await sql`insert into items values (${2}, ${'b'})`.execute(trx);
      await sql.raw(beforeCommit(`insert into items values (3, 'it''s held')`)).execute(trx);
    });
    expect(await notes()).toEqual([1, 2, 3]);
  });

  it('a held write that fails at COMMIT rolls the whole transaction back and reports its error', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql.raw(`insert into items values (10, 'x')`).execute(trx);
        await sql.raw(beforeCommit(`insert into items values (1, 'duplicate key')`)).execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await notes()).toEqual([1, 2, 3]);
    // The connection is clean for the next transaction.
    await db.transaction().execute(async (trx) => {
      await sql.raw(`insert into items values (11, 'y')`).execute(trx);
    });
    expect(await notes()).toEqual([1, 2, 3, 11]);
  });

  it('a rolled-back transaction leaves nothing, held write included', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql.raw(`insert into items values (20, 'x')`).execute(trx);
        await sql.raw(beforeCommit(`insert into items values (21, 'held')`)).execute(trx);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await notes()).toEqual([1, 2, 3, 11]);
  });

  const notes2 = async () =>
    (await sql<{ id: number }>`select id from items2 order by id`.execute(db)).rows.map((r) => r.id);

  /** The socket writes to PostgreSQL while `run` runs (nothing else of this file runs meanwhile). */
  const writesOf = async (run: () => Promise<void>) => {
    const port = Number(new URL(infra.databaseUrl!).port || 5432);
    const proto = Socket.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const originals = { _write: proto._write!, _writev: proto._writev! };
    let writes = 0;
    for (const [method, original] of Object.entries(originals)) {
      proto[method] = function (this: Socket, ...a: unknown[]) {
        if (this.remotePort === port) writes++;
        return original.apply(this, a);
      };
    }
    try {
      await run();
    } finally {
      Object.assign(proto, originals);
    }
    return writes;
  };

  const noteOf = preparedRead((d: Kysely<any>, p: { id: number }) =>
    d.selectFrom('items2').select('note').where('id', '=', p.id).forUpdate(),
  );

  it('a transaction opening with a statement with parameters sends BEGIN in the same write, and commits', async () => {
    const writes = await writesOf(() =>
      db.transaction().execute(async (trx) => {
        expect(await noteOf(trx, { id: 2 })).toEqual([{ note: 'b' }]);
        await sql`insert into items2 values (${30}, ${'c'})`.execute(trx);
      }),
    );
    // BEGIN with the first statement, the insert, the COMMIT: three writes, not four.
    expect(writes).toBe(3);
    expect(await notes2()).toContain(30);
  });

  it('the statement after a BEGIN it carried runs inside the transaction: a rollback undoes it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into items2 values (${31}, ${'undone'})`.execute(trx);
        expect(
          (await sql<{ n: number }>`select count(*)::int as n from items2 where id = ${31}`.execute(trx)).rows,
        ).toEqual([{ n: 1 }]);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await notes2()).not.toContain(31);
  });

  it('a failing first statement reports its own error and leaves the connection clean', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into items2 values (${1}, ${'duplicate key'})`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    // Every connection of the pool still works, in and out of transactions.
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        expect(await noteOf(trx, { id: 1 })).toEqual([{ note: 'a' }]);
      });
    }
    expect(await notes2()).not.toContain(32);
  });
});
