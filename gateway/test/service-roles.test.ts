import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@leadmarket/contracts';
import { service as leadIntake } from '@leadmarket/lead-intake';
import {
  createPostgresDatabase,
  ensureServiceRoles,
  migrateService,
  serviceDatabaseUrl,
  serviceRoleName,
  type Database,
} from '@leadmarket/platform';
import { realServersConfigured } from '@leadmarket/platform/testing';
import { service as walletLedger } from '@leadmarket/wallet-ledger';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Schema ownership enforced by PostgreSQL (docs/adr/0018): each service connects as its own role,
// which owns its schema and has no right on another's. Needs a real server (roles are PostgreSQL's).
describe.runIf(realServersConfigured())('per-service database roles', () => {
  const suffix = randomBytes(4).toString('hex');
  const dbName = `lm_roles_${suffix}`;
  // Roles are cluster-wide: a prefix of this file's own keeps it apart from every other run.
  const prefix = `lm_t${suffix}_`;
  const password = `pw-${suffix}`;
  const adminUrl = process.env.DATABASE_URL!;
  let dbUrl: string;
  const open: Database[] = [];

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  /** A connection pool as the service's own role. */
  const connectAs = (service: ServiceName) => {
    const db = createPostgresDatabase({
      url: serviceDatabaseUrl(dbUrl, serviceRoleName(service, prefix), password),
      poolSize: 2,
    });
    open.push(db);
    return db;
  };
  const roles = (['lead-intake', 'wallet-ledger', 'matching'] as ServiceName[]).map((s) => serviceRoleName(s, prefix));

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
  });
  afterAll(async () => {
    for (const db of open) await db.close();
    await admin(`drop database if exists ${dbName}`);
    for (const role of roles) await admin(`drop role if exists ${role}`);
  });

  it('lets each service migrate its own schema as its own role, and refuses it every other schema', async () => {
    await ensureServiceRoles(dbUrl, {
      services: ['lead-intake', 'wallet-ledger'],
      prefix,
      passwordOf: () => password,
    });
    const intake = connectAs('lead-intake');
    const wallet = connectAs('wallet-ledger');
    // The real migrations, platform tables (outbox, inbox) included, run as the owning role.
    await migrateService(intake, 'lead-intake', leadIntake.migrations);
    await migrateService(wallet, 'wallet-ledger', walletLedger.migrations);
    // Twice is fine (every start migrates).
    await migrateService(intake, 'lead-intake', leadIntake.migrations);

    await expect(sql`select count(*) from lead_intake.outbox`.execute(intake.root)).resolves.toBeDefined();
    await expect(sql`select count(*) from lead_intake.inbox`.execute(intake.root)).resolves.toBeDefined();
    await expect(sql`select * from wallet_ledger.outbox`.execute(intake.root)).rejects.toThrow(
      /permission denied for schema wallet_ledger/,
    );
    await expect(sql`select * from wallet_ledger.ledger_transactions`.execute(intake.root)).rejects.toThrow(
      /permission denied for schema wallet_ledger/,
    );
    await expect(sql`select * from lead_intake.outbox`.execute(wallet.root)).rejects.toThrow(
      /permission denied for schema lead_intake/,
    );
    // Nor can it make room elsewhere.
    await expect(sql`create table public.stray (id int)`.execute(intake.root)).rejects.toThrow(/permission denied/);
    await expect(sql`create schema stray`.execute(intake.root)).rejects.toThrow(/permission denied/);
  });

  it('hands a schema made before roles existed (by the administrator) over to its service, and is idempotent', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('create schema matching');
    await client.query('create table matching.old_rows (id serial primary key, note text)');
    await client.query("insert into matching.old_rows (note) values ('kept')");
    await client.end();

    for (let i = 0; i < 2; i++)
      await ensureServiceRoles(dbUrl, { services: ['matching'], prefix, passwordOf: () => password });
    const matching = connectAs('matching');
    const { rows } = await sql<{ note: string }>`select note from matching.old_rows`.execute(matching.root);
    expect(rows).toEqual([{ note: 'kept' }]);
    await sql`insert into matching.old_rows (note) values ('new')`.execute(matching.root);
    await expect(sql`select * from lead_intake.outbox`.execute(matching.root)).rejects.toThrow(/permission denied/);
  });
});
