import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import type { ContractorsContext } from '../context.js';

/** Every event contractors consumes, one handler per file. */
export const consumers: ConsumerDefinition<EventType, ContractorsContext>[] = [];
