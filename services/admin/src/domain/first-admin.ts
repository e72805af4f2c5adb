import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, type AdminConfig } from '../config.js';

/** What start-up does about the first admin account. */
export type FirstAdminPlan =
  { kind: 'ensure'; email: string; password: string; usingDevDefaults: boolean } | { kind: 'none'; reason: string };

/** Minimum length of an admin password (the reset flow's minimum). */
export const ADMIN_PASSWORD_MIN = 8;

/**
 * From configuration: ADMIN_EMAIL and ADMIN_PASSWORD together name the first admin; outside
 * production, with neither set, a documented development account is used so `npm start` works
 * out of the box. Production never gets a default password.
 */
export function planFirstAdmin(
  config: Pick<AdminConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'NODE_ENV'>,
): FirstAdminPlan {
  const email = config.ADMIN_EMAIL?.trim();
  const password = config.ADMIN_PASSWORD;
  if (email && password) {
    if (password.length < ADMIN_PASSWORD_MIN)
      return { kind: 'none', reason: `ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN} characters` };
    return { kind: 'ensure', email, password, usingDevDefaults: false };
  }
  if (email || password) return { kind: 'none', reason: 'set both ADMIN_EMAIL and ADMIN_PASSWORD' };
  if (config.NODE_ENV === 'production') return { kind: 'none', reason: 'no ADMIN_EMAIL/ADMIN_PASSWORD in production' };
  return { kind: 'ensure', email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD, usingDevDefaults: true };
}
