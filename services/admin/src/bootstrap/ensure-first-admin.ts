import { hashPassword, type Logger } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { DEV_ADMIN_PASSWORD, type AdminConfig } from '../config.js';
import { findAdminByEmail, insertAdminIfAbsent } from '../db/admin.repository.js';
import { planFirstAdmin } from '../domain/first-admin.js';
import type { AdminDatabase } from '../db/database.js';

/**
 * Start-up: make sure the configured first admin exists. An existing account keeps its password
 * (a password changed by reset must not be reverted by the next restart).
 */
export async function ensureFirstAdmin(db: Kysely<AdminDatabase>, config: AdminConfig, logger: Logger): Promise<void> {
  const plan = planFirstAdmin(config);
  if (plan.kind === 'none') {
    logger.warn(
      { reason: plan.reason },
      'no first admin configured; create one with npm run admin:create -- --email … --password …',
    );
    return;
  }
  if (await findAdminByEmail(db, plan.email)) return;
  const { created } = await insertAdminIfAbsent(
    db,
    plan.email,
    await hashPassword(plan.password, config.PASSWORD_HASH_COST),
  );
  if (!created) return;
  if (plan.usingDevDefaults && config.NODE_ENV !== 'production') {
    logger.warn(
      { email: plan.email, password: DEV_ADMIN_PASSWORD },
      'created the development admin with the default password: set ADMIN_EMAIL and ADMIN_PASSWORD for anything but local development',
    );
  } else {
    logger.info({ email: plan.email }, 'created the first admin from ADMIN_EMAIL');
  }
}
