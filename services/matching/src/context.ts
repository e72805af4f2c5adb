import { consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import { loadMatchingConfig, type MatchingConfig } from './config.js';

/** What matching's routes, consumers and jobs share: the platform's context, its config and the matcher's wake-up. */
export interface MatchingContext extends ServiceContext {
  config: MatchingConfig;
  /** Rung after a consumer stored a lead to match; the matcher loop of this instance listens. */
  matcherWakeup: Wakeup;
}

/** Built once per matching instance at start-up. */
export const matchingContext = (base: ServiceContext): MatchingContext => ({
  ...base,
  config: loadMatchingConfig(base.env),
  matcherWakeup: createWakeup(),
});

/** Declare a matching consumer (its handler receives the MatchingContext as `ctx.service`). */
export const defineMatchingConsumer = consumerOf<MatchingContext>();
