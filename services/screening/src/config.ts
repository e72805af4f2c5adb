import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';

/** screening's own variables (README "Environment variables"). */
export const ScreeningConfigSchema = z.object({
  /** Leads screened from one client address per window before ip_rate_ok turns false (a second line behind leads-submit's 429). */
  SCREENING_IP_LIMIT: envInt(15, 1),
  SCREENING_IP_WINDOW_SECONDS: envInt(3600, 1),
});
export type ScreeningConfig = z.infer<typeof ScreeningConfigSchema>;

/** screening's own variables. */
export const loadScreeningConfig = (env: Record<string, string | undefined>): ScreeningConfig =>
  loadConfig(ScreeningConfigSchema, env as NodeJS.ProcessEnv);
