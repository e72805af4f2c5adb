import type { ServiceDefinition } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';

/** The wallet-ledger service: its schema, routes and consumers (functions not yet built answer 501). */
export const service: ServiceDefinition = {
  name: 'wallet-ledger',
  migrations,
  consumers,
  register() {},
};
