import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPgliteDatabase, verifyPassword } from '@leadmarket/platform';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
const root = join(import.meta.dirname, '../../..');
// The embedded mode's database: PGlite under DATA_DIR, no server URLs.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' };
const cli = (...args: string[]) =>
  run('npx', ['tsx', 'services/admin/src/cli/create-admin.ts', ...args], { cwd: root, env }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e) => ({ code: e.code as number, out: String(e.stdout) + String(e.stderr) }),
  );

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('creates an admin in the embedded database, refuses a duplicate, updates the password on request', async () => {
  const created = await cli('--email', 'Ops@Example.com', '--password', 'first-password');
  expect(created.code, created.out).toBe(0);
  expect(created.out).toContain('Created admin ops@example.com');

  const duplicate = await cli('--email', 'ops@example.com', '--password', 'other-password');
  expect(duplicate.code).toBe(1);
  expect(duplicate.out).toContain('already exists');

  const invalid = await cli('--email', 'not-an-email', '--password', 'x');
  expect(invalid.code).toBe(2);

  const updated = await cli('--email', 'ops@example.com', '--password', 'second-password', '--update-password');
  expect(updated.code, updated.out).toBe(0);

  const database = await createPgliteDatabase(dataDir);
  try {
    const rows = await database.forService('admin').selectFrom('admins').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('ops@example.com');
    expect(rows[0].password_hash).not.toContain('second-password');
    expect(await verifyPassword('second-password', rows[0].password_hash)).toBe(true);
    expect(await verifyPassword('first-password', rows[0].password_hash)).toBe(false);
  } finally {
    await database.close();
  }
}, 120_000);
