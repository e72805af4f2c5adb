import type { ServiceApp } from '@leadmarket/platform';
import { registerClaimRoutes } from './claim.routes.js';
import { registerContactedRoutes } from './contacted.routes.js';
import type { LeadRouteDeps } from './deps.js';
import { registerInternalLeadRoutes } from './internal-leads.routes.js';
import { registerOutcomeRoutes } from './outcome.routes.js';
import { registerPurchasedLeadRoutes } from './purchased-leads.routes.js';
import { registerSubmitRoutes } from './submit.routes.js';

/** The lead functions: leads-submit, the claim page calls, purchased leads, archive and complete; and the internal lead routes. */
export function registerLeadRoutes(app: ServiceApp, deps: LeadRouteDeps): void {
  registerSubmitRoutes(app, deps);
  registerClaimRoutes(app, deps);
  registerPurchasedLeadRoutes(app, deps);
  registerContactedRoutes(app, deps);
  registerOutcomeRoutes(app, deps);
  registerInternalLeadRoutes(app, deps);
}
