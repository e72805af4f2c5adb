import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../src/index.js';
import { createTestInfra, realServersConfigured, waitFor, type TestInfra } from '../src/testing/index.js';

// Behind PgBouncer in transaction mode, LISTEN and the migration lock go to DATABASE_SESSION_URL
// (docs/adr/0038). Here the pool's URL answers nothing at all: both still work, so they never used it.
describe.runIf(realServersConfigured())('the session URL', () => {
  let infra: TestInfra;
  let database: Database;

  beforeAll(async () => {
    infra = await createTestInfra();
    database = createPostgresDatabase({
      url: 'postgres://nobody@127.0.0.1:1/none',
      sessionUrl: infra.databaseUrl!,
      poolSize: 1,
      timeouts: { connectMs: 1000 },
    });
  });
  afterAll(async () => {
    await database?.close();
    await infra?.cleanup();
  });

  it('carries LISTEN', async () => {
    const heard: string[] = [];
    const stop = await database.listen('session_url_test', (payload) => heard.push(payload));
    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    try {
      await waitFor(async () => {
        await client.query(`notify session_url_test, 'hello'`);
        return heard.includes('hello');
      }, 'the notification over the session URL');
    } finally {
      await client.end();
      await stop();
    }
  });

  it('holds one connection for a session lock and what it guards', async () => {
    const pids = await database.session(async (connection) => {
      await sql`select pg_advisory_lock(42)`.execute(connection);
      const inside = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objid = 42 and pid = pg_backend_pid()`.execute(connection);
      await sql`select pg_advisory_unlock(42)`.execute(connection);
      return { pid: inside.rows[0]!.pid, held: held.rows[0]!.n };
    });
    expect(pids.held).toBe(1);
    // The pool's own URL was never reachable: the ping through it fails.
    await expect(database.ping()).rejects.toThrow();
  });
});
