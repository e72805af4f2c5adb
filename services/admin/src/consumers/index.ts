import type { ConsumerDefinition } from '@leadmarket/platform';
import type { AdminDatabase } from '../db/database.js';

/** Every event admin consumes, one handler per file. */
export const consumers: ConsumerDefinition<any, AdminDatabase>[] = [];
