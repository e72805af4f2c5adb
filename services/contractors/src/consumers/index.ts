import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event contractors consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
