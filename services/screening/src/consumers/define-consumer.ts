import { consumerDefinerFor } from '@leadmarket/platform';
import type { ScreeningDatabase } from '../db/database.js';

/** screening's consumers: their `trx` knows screening's tables. */
export const defineConsumer = consumerDefinerFor<ScreeningDatabase>();
