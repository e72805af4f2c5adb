import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event matching consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
