/**
 * `npm run admin:create -- --email x --password y [--update-password]`: create an admin account
 * (or, with --update-password, set a new password for an existing one). Works on the embedded
 * database (PGlite under DATA_DIR; stop `npm start` first, PGlite allows one process) and on
 * PostgreSQL when DATABASE_URL is set. Migrates the admin schema first.
 */
import { parseArgs } from 'node:util';
import {
  BaseConfigSchema,
  createInfra,
  createLogger,
  hashPassword,
  loadConfig,
  PasswordHashingConfigSchema,
  migrateService,
  sessionCache,
} from '@leadmarket/platform';
import { z } from 'zod';
import { isEmailAddress } from '@leadmarket/contracts';
import { findAdminByEmail, insertAdminIfAbsent, setAdminPassword } from '../db/admin.repository.js';
import { deleteSessionsOf } from '../db/session.repository.js';
import { migrations } from '../db/migrations/index.js';
import { ADMIN_PASSWORD_MIN } from '../domain/first-admin.js';

const ArgsSchema = z.object({
  email: z.string().trim().max(254).refine(isEmailAddress, 'not an email address'),
  password: z.string().min(ADMIN_PASSWORD_MIN, `password must be at least ${ADMIN_PASSWORD_MIN} characters`).max(1024),
  'update-password': z.boolean().default(false),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'update-password': { type: 'boolean' } },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(
      `admin:create: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`,
    );
    console.error(
      'usage: npm run admin:create -- --email admin@example.com --password "a long password" [--update-password]',
    );
    return 2;
  }
  const args = parsed.data;
  const config = loadConfig(BaseConfigSchema);
  const logger = createLogger('admin-cli', 'warn');
  // Redis too when configured, so ended sessions also leave the gateway's session cache.
  const infra = await createInfra({
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    dataDir: config.DATA_DIR,
    namespace: config.BUS_NAMESPACE,
    logger,
    applicationName: 'admin-cli',
  });
  try {
    await migrateService(infra.database, 'admin', migrations);
    const db = infra.database.forService('admin');
    const passwordHash = await hashPassword(args.password, loadConfig(PasswordHashingConfigSchema).PASSWORD_HASH_COST);
    const existing = await findAdminByEmail(db, args.email);
    if (existing) {
      if (!args['update-password']) {
        console.error(
          `admin:create: an admin with email ${existing.email} already exists (add --update-password to set a new password)`,
        );
        return 1;
      }
      await setAdminPassword(db, existing.id, passwordHash);
      await sessionCache(infra.kv).invalidate('admin', await deleteSessionsOf(db, existing.id));
      console.log(`Updated the password of admin ${existing.email} (${existing.id}); their sessions were ended.`);
      return 0;
    }
    const { id } = await insertAdminIfAbsent(db, args.email, passwordHash);
    console.log(`Created admin ${args.email.trim().toLowerCase()} (${id}) in ${infra.describe()}.`);
    return 0;
  } finally {
    await infra.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
