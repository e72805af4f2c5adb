import type { ConsumerDefinition } from '@leadmarket/platform';
import type { ContractorsDatabase } from '../db/database.js';

/** Every event contractors consumes, one handler per file. */
export const consumers: ConsumerDefinition<any, ContractorsDatabase>[] = [];
