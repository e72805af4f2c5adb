import type { ServiceApp, ServiceContext } from '@leadmarket/platform';

/** The lead functions: leads-submit, the claim page calls, purchased leads, archive and complete. */
export function registerLeadRoutes(_app: ServiceApp, _ctx: ServiceContext): void {}
