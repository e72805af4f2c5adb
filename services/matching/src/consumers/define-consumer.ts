import { consumerDefinerFor } from '@leadmarket/platform';
import type { MatchingDatabase } from '../db/database.js';

/** matching's consumers: their `trx` knows matching's tables. */
export const defineConsumer = consumerDefinerFor<MatchingDatabase>();
