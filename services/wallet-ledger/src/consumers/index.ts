import type { ConsumerDefinition } from '@leadmarket/platform';

/** Every event wallet-ledger consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [];
