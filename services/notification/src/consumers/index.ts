import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event notification consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
