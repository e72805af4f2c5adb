import { buildService, type BuildServiceOptions } from '@leadmarket/platform';
import { service } from './index.js';

/**
 * The screening app with its routes, consumers and jobs wired, never listening (tests use `inject`);
 * `startService` migrates, builds it and listens.
 */
export const buildApp = (deps: BuildServiceOptions) => buildService(service, deps);
