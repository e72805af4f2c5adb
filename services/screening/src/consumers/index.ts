import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event screening consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
