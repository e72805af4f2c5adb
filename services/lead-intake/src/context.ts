import { consumerOf, type ServiceContext } from '@leadmarket/platform';
import { loadLeadIntakeConfig, type LeadIntakeConfig } from './config.js';
import { ScreeningWaiter } from './screening-wakeups.js';

/** What lead-intake's routes, consumers and jobs share: config and the screening waiter. */
export interface LeadIntakeContext extends ServiceContext {
  config: LeadIntakeConfig;
  /** leads-submit waits on it; the LeadScreened consumer wakes it after commit. */
  screeningWaiter: ScreeningWaiter;
}

/** Built once per lead-intake instance at start-up (the waiter starts listening when routes register). */
export const leadIntakeContext = (base: ServiceContext): LeadIntakeContext => ({
  ...base,
  config: loadLeadIntakeConfig(base.env),
  screeningWaiter: new ScreeningWaiter(base.db, base.database, base.logger),
});

/** Declare a lead-intake consumer (its handler receives the LeadIntakeContext as `ctx.service`). */
export const defineLeadIntakeConsumer = consumerOf<LeadIntakeContext>();
