import { consumerDefinerFor } from '@leadmarket/platform';
import type { NotificationDatabase } from '../db/database.js';

/** notification's consumers: their `trx` knows notification's tables. */
export const defineConsumer = consumerDefinerFor<NotificationDatabase>();
