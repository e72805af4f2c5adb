import type { ServiceDefinition } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';

/** The contractors service: its schema, routes and consumers (functions not yet built answer 501). */
export const service: ServiceDefinition = {
  name: 'contractors',
  migrations,
  consumers,
  register() {},
};
