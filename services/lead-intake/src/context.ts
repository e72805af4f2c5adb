import { consumerOf, type ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeDatabase } from './db/database.js';
import { loadLeadIntakeConfig, type LeadIntakeConfig } from './config.js';

/** What lead-intake's routes, consumers and jobs share: the platform's context and its config. */
export interface LeadIntakeContext extends ServiceContext<LeadIntakeDatabase> {
  config: LeadIntakeConfig;
}

/** Built once per lead-intake instance at start-up. */
export const leadIntakeContext = (base: ServiceContext): LeadIntakeContext => ({
  ...base,
  config: loadLeadIntakeConfig(base.env),
});

/** Declare a lead-intake consumer (its handler receives the LeadIntakeContext as `ctx.service`). */
export const defineLeadIntakeConsumer = consumerOf<LeadIntakeContext>();
