import { envInt, loadConfig, PasswordHashingConfigSchema, type PasswordHashingConfig } from '@leadmarket/platform';
import { z } from 'zod';

/** Used for the first admin only when ADMIN_EMAIL/ADMIN_PASSWORD are unset outside production (README). */
export const DEV_ADMIN_EMAIL = 'admin@leadmarket.local';
export const DEV_ADMIN_PASSWORD = 'leadmarket-dev-admin';

/** The admin service's settings (README "Environment variables"). */
export const AdminConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The first admin, created at start-up when no admin has this email yet. */
  ADMIN_EMAIL: z.string().trim().max(254).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_SESSION_TTL_HOURS: envInt(12, 1),
  /** Login attempts allowed per IP per window (every attempt counts, so hammering stays refused). */
  ADMIN_LOGIN_MAX_ATTEMPTS: envInt(10, 1),
  ADMIN_LOGIN_WINDOW_SECONDS: envInt(900, 1),
});
/** The admin service's settings, with PASSWORD_HASH_COST for admins' passwords. */
export type AdminConfig = z.infer<typeof AdminConfigSchema> & PasswordHashingConfig;

export const loadAdminConfig = (env: Record<string, string | undefined>): AdminConfig => ({
  ...loadConfig(AdminConfigSchema, env as NodeJS.ProcessEnv),
  ...loadConfig(PasswordHashingConfigSchema, env as NodeJS.ProcessEnv),
});
