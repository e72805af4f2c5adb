import { createPostgresDatabase, isTransientError, migrateService, type Database } from '@leadmarket/platform';
import { createTestInfra, realServersConfigured, testLogger, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two instances of a service start at once (the stack, the chaos run): the second waits for the
// migration lock the first holds. On a busy machine that wait can outlast the statement timeout;
// the error must then read as transient so start-up retries instead of the process exiting.
describe.runIf(realServersConfigured())('two instances migrating at once', () => {
  let infra: TestInfra;
  let slow: Database;
  let impatient: Database;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));

  beforeAll(async () => {
    infra = await createTestInfra();
    const url = infra.databaseUrl!;
    slow = createPostgresDatabase({ url, poolSize: 2, logger: testLogger() });
    impatient = createPostgresDatabase({
      url,
      poolSize: 2,
      timeouts: { statementMs: 300 },
      logger: testLogger(),
    });
  });

  afterAll(async () => {
    release();
    await slow?.close();
    await impatient?.close();
    await infra?.cleanup();
  });

  it('times out waiting for the lock as a transient error, and succeeds once the lock is free', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const migrations = {
      '2026_11_23_0000_slow': {
        async up(db: Kysely<any>) {
          entered();
          await held; // hold the migration lock until the other instance has given up waiting
          await sql`create table if not exists lock_probe (id int)`.execute(db);
        },
      },
    };
    const first = migrateService(slow, 'lead-intake', migrations);
    await inside;
    const err = await migrateService(impatient, 'lead-intake', migrations).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(err)).toMatch(/Migration of lead-intake failed/);
    expect(isTransientError(err)).toBe(true);
    release();
    await first;
    // Retried once the lock is free: nothing left to run, no error.
    await expect(migrateService(impatient, 'lead-intake', migrations)).resolves.toBeUndefined();
  });

  it('brings up a fresh schema when several instances of several services migrate at the same moment', async () => {
    // A fresh deployment (the chaos run) starts two of each service at once against an empty
    // database: the schema creation and Kysely's checks before its own lock must not race.
    const url = infra.databaseUrl!;
    const instances = Array.from({ length: 8 }, () =>
      createPostgresDatabase({ url, poolSize: 1, logger: testLogger() }),
    );
    try {
      const services = ['notification', 'wallet-ledger', 'contractors', 'admin'] as const;
      const results = await Promise.allSettled(
        instances.map((db, i) =>
          migrateService(db, services[i % services.length]!, {
            '2026_11_23_0002_table': { up: (k) => k.schema.createTable('probe').addColumn('id', 'integer').execute() },
          }),
        ),
      );
      expect(
        results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      for (const service of services) {
        const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
          where table_schema = ${service.replace('-', '_')} and table_name = 'probe'`.execute(slow.root);
        expect(tables.rows[0]!.n).toBe(1);
      }
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });

  it('keeps a migration that fails on its own merits non-transient (start-up stops and names it)', async () => {
    const err = await migrateService(slow, 'matching', {
      '2026_11_23_0001_broken': { up: (db) => sql`select * from no_such_table`.execute(db).then(() => {}) },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(err)).toMatch(/Migration of matching failed at 2026_11_23_0001_broken/);
    expect(isTransientError(err)).toBe(false);
  });
});
