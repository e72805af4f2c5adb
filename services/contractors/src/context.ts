import type { ServiceContext } from '@leadmarket/platform';
import { loadContractorsConfig, type ContractorsConfig } from './config.js';
import { sessions } from './use-cases/sessions.js';

/** What contractors' routes and jobs share: the platform's context, its config and its sessions. */
export interface ContractorsContext extends ServiceContext {
  config: ContractorsConfig;
  sessions: ReturnType<typeof sessions>;
}

/** Built once per contractors instance at start-up. */
export function contractorsContext(base: ServiceContext): ContractorsContext {
  const config = loadContractorsConfig(base.env);
  return { ...base, config, sessions: sessions(base, config) };
}
