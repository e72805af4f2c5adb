import { consumerOf, type ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeDatabase } from './db/database.js';
import { loadLeadIntakeConfig, type LeadIntakeConfig } from './config.js';
import { ScreeningReplies } from './screening-replies.js';

/** What lead-intake's routes, consumers and jobs share: config and screening's answers. */
export interface LeadIntakeContext extends ServiceContext<LeadIntakeDatabase> {
  config: LeadIntakeConfig;
  /** leads-submit waits on it for screening's answer to its LeadSubmitted (request–reply over the bus). */
  screeningReplies: ScreeningReplies;
}

/** Built once per lead-intake instance at start-up. */
export const leadIntakeContext = (base: ServiceContext): LeadIntakeContext => ({
  ...base,
  config: loadLeadIntakeConfig(base.env),
  screeningReplies: new ScreeningReplies(base.bus, base.logger),
});

/** Declare a lead-intake consumer (its handler receives the LeadIntakeContext as `ctx.service`). */
export const defineLeadIntakeConsumer = consumerOf<LeadIntakeContext>();
