import { claimTokenKeyOf, consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import type { MatchingDatabase } from './db/database.js';
import { loadMatchingConfig, type MatchingConfig } from './config.js';
import { ConfirmationRulesCache } from './confirmation-rules.js';

/** What matching's routes, consumers and jobs share: the platform's context, its config and the matcher's wake-up. */
export interface MatchingContext extends ServiceContext<MatchingDatabase> {
  config: MatchingConfig;
  /** Rung when a lead waits for the matcher (its match in the consumer failed); the matcher loop of this instance listens. */
  matcherWakeup: Wakeup;
  /** CLAIM_TOKEN_KEY: offers' claim tokens are derived from it (docs/adr/0013). */
  claimTokenKey: string;
  /** Each category's phone confirmation rule, cached briefly (docs/adr/0045-phone-confirmed-before-the-offer.md). */
  confirmationRules: ConfirmationRulesCache;
}

/** Built once per matching instance at start-up. */
export const matchingContext = (base: ServiceContext): MatchingContext => ({
  ...base,
  config: loadMatchingConfig(base.env),
  matcherWakeup: createWakeup(),
  claimTokenKey: claimTokenKeyOf(base.env),
  confirmationRules: new ConfirmationRulesCache(),
});

/** Declare a matching consumer (its handler receives the MatchingContext as `ctx.service`). */
export const defineMatchingConsumer = consumerOf<MatchingContext>();
