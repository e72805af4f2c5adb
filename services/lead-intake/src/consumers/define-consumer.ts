import { consumerDefinerFor } from '@leadmarket/platform';
import type { LeadIntakeDatabase } from '../db/database.js';

/** lead-intake's consumers: their `trx` knows lead-intake's tables. */
export const defineConsumer = consumerDefinerFor<LeadIntakeDatabase>();
