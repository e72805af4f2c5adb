import type { ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeConfig } from '../config.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** What the lead routes share: the service context and its configuration. */
export interface LeadRouteDeps {
  ctx: ServiceContext<LeadIntakeDatabase>;
  config: LeadIntakeConfig;
}
