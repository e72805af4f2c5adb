import type { KeyValueStore } from '@leadmarket/platform';
import type { ScreeningConfig } from './config.js';

/** What consumers need beyond their transaction (the consumer API hands them only `trx`). */
export interface ScreeningRuntime {
  kv: KeyValueStore;
  config: ScreeningConfig;
}

let current: ScreeningRuntime | undefined;

/** Set by the service's register() before its consumers start (one screening instance per process). */
export const setScreeningRuntime = (runtime: ScreeningRuntime): void => {
  current = runtime;
};

/** The runtime the consumers use; throws if register() has not run. */
export function screeningRuntime(): ScreeningRuntime {
  if (!current) throw new Error('screening runtime not initialised: register() must run before consumers');
  return current;
}
