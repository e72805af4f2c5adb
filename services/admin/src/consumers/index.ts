import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event admin consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
