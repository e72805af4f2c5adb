import type { ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeConfig } from '../config.js';
import type { ScreeningWaiter } from '../screening-wakeups.js';

/** What the lead routes share: the service context, its configuration and the screening waiter. */
export interface LeadRouteDeps {
  ctx: ServiceContext;
  config: LeadIntakeConfig;
  waiter: ScreeningWaiter;
}
