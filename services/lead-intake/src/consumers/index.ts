import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event lead-intake consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
