import type { ServiceDefinition } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';

/** The screening service: its schema, routes and consumers (functions not yet built answer 501). */
export const service: ServiceDefinition = {
  name: 'screening',
  migrations,
  consumers,
  register() {},
};
