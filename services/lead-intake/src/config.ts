import { LEAD_SUBMIT_RATE, SCREENING_WAIT_MS } from '@leadmarket/contracts';
import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';

/** lead-intake's own variables (README "Environment variables"). */
export const LeadIntakeConfigSchema = z.object({
  /** Accepted leads one client IP may send per window (429 beyond it); refused ones do not count. */
  LEAD_SUBMIT_RATE_LIMIT: envInt(LEAD_SUBMIT_RATE.limit, 1),
  LEAD_SUBMIT_RATE_WINDOW_SECONDS: envInt(LEAD_SUBMIT_RATE.windowSeconds, 1),
  /**
   * Submissions of any outcome one client IP may make per window (429 beyond it), so a flood stops;
   * 0 = room for LEAD_SUBMIT_ATTEMPTS_PER_LEAD tries per accepted lead.
   */
  LEAD_SUBMIT_ATTEMPT_LIMIT: envInt(0, 0),
  /** How long leads-submit waits for screening's answer (request–reply over the bus) before answering "pending". */
  SCREENING_WAIT_MS: envInt(SCREENING_WAIT_MS, 0),
  /** Salt of the client-IP hash sent to screening (so it can rate-limit without learning addresses). */
  LEAD_IP_HASH_SALT: z.string().min(1).default('leadmarket-lead-ip'),
  // Site intake (README "Environment variables").
  /** Salt of visitor keys; unset means a random secret stored once in the database (stable across restarts). */
  VISITOR_HASH_SALT: z.string().min(16).optional(),
  /** Waitlist signups and contact messages allowed per IP and form in each window. */
  SITE_FORM_RATE_LIMIT: envInt(10, 1),
  SITE_FORM_RATE_WINDOW_SECONDS: envInt(3600, 1),
  /** Page views recorded per IP per minute. */
  SITE_PAGE_VIEW_RATE_LIMIT: envInt(120, 1),
});
export type LeadIntakeConfig = z.infer<typeof LeadIntakeConfigSchema>;

/** lead-intake's own variables, with the defaults of contracts/constants. */
export const loadLeadIntakeConfig = (env: Record<string, string | undefined>): LeadIntakeConfig =>
  loadConfig(LeadIntakeConfigSchema, env as NodeJS.ProcessEnv);
