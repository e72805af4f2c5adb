import type { ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeConfig } from '../config.js';
import type { ScreeningWaiter } from '../screening-wakeups.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** What the lead routes share: the service context, its configuration and the screening waiter. */
export interface LeadRouteDeps {
  ctx: ServiceContext<LeadIntakeDatabase>;
  config: LeadIntakeConfig;
  waiter: ScreeningWaiter;
}
