import { consumerOf, type ServiceContext } from '@leadmarket/platform';
import type { ScreeningDatabase } from './db/database.js';
import { loadScreeningConfig, type ScreeningConfig } from './config.js';
import { RulesCache } from './rules.js';

/** What screening's consumers and jobs share: the platform's context and its config, parsed once at start-up. */
export interface ScreeningContext extends ServiceContext<ScreeningDatabase> {
  config: ScreeningConfig;
  /** The operator's rules over the configuration (the screening desk), cached briefly. */
  rules: RulesCache;
}

export const screeningContext = (base: ServiceContext): ScreeningContext => {
  const config = loadScreeningConfig(base.env);
  return { ...base, config, rules: new RulesCache(config) };
};

/** Declare a screening consumer (its handler receives the ScreeningContext as `ctx.service`, and `trx` knows screening's tables). */
export const defineScreeningConsumer = consumerOf<ScreeningContext>();
