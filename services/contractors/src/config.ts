import {
  envBoolean,
  envInt,
  loadConfig,
  PasswordHashingConfigSchema,
  type PasswordHashingConfig,
} from '@leadmarket/platform';
import { z } from 'zod';

/** The contractors service's own variables (README "Environment variables"). */
export const ContractorsConfigSchema = z.object({
  /** Days a contractor session lives after its last use (sliding). */
  SESSION_TTL_DAYS: envInt(30, 1),
  /** Login attempts allowed per username and IP in one window; the next is refused with 429. */
  LOGIN_MAX_ATTEMPTS: envInt(10, 1),
  LOGIN_WINDOW_SECONDS: envInt(60, 1),
  /** Reset emails sent per address per hour (beyond it the answer is the same, nothing is sent). */
  RESET_EMAILS_PER_HOUR: envInt(5, 1),
  /** Email turned off (docs/adr/0003-production-channels.md): forgot-password answers 503 instead of sending nothing. */
  EMAIL_DISABLED: envBoolean(false),
  /** Key of the hashes that remember which emails and phones had a signup credit; required in production. */
  SIGNUP_CREDIT_HASH_SALT: z.string().min(1).default('leadmarket-signup-credit'),
});

/** The contractors service's settings (with PASSWORD_HASH_COST for contractors' passwords). */
export type ContractorsConfig = z.infer<typeof ContractorsConfigSchema> & PasswordHashingConfig;

export const loadContractorsConfig = (env: Record<string, string | undefined>): ContractorsConfig => ({
  ...loadConfig(ContractorsConfigSchema, env as NodeJS.ProcessEnv),
  ...loadConfig(PasswordHashingConfigSchema, env as NodeJS.ProcessEnv),
});
