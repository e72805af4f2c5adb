import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';

/** screening's own variables (README "Environment variables"). */
export const ScreeningConfigSchema = z.object({
  /** Leads screened from one client address per window before ip_rate_ok turns false (a second line behind leads-submit's 429). */
  SCREENING_IP_LIMIT: envInt(15, 1),
  SCREENING_IP_WINDOW_SECONDS: envInt(3600, 1),
  /** How long a texted confirmation code (and its link) works (docs/adr/0045-phone-confirmed-before-the-offer.md). */
  CONFIRM_CODE_TTL_SECONDS: envInt(1800, 1),
  /** Wrong codes typed before a code is locked (a new code may then be asked for). */
  CONFIRM_CODE_TRIES: envInt(5, 1),
  /** Codes texted per request, the first one included. */
  CONFIRM_CODE_SENDS: envInt(3, 1),
  /** Seconds between two codes texted for one request. */
  CONFIRM_RESEND_SECONDS: envInt(60, 0),
});
export type ScreeningConfig = z.infer<typeof ScreeningConfigSchema>;

/** screening's own variables. */
export const loadScreeningConfig = (env: Record<string, string | undefined>): ScreeningConfig =>
  loadConfig(ScreeningConfigSchema, env as NodeJS.ProcessEnv);
