import type { ServiceContext } from '@leadmarket/platform';
import { loadAdminConfig, type AdminConfig } from './config.js';

/** What admin's routes and jobs share: the platform's context and its config. */
export interface AdminContext extends ServiceContext {
  config: AdminConfig;
}

/** Built once per admin instance at start-up. */
export const adminContext = (base: ServiceContext): AdminContext => ({ ...base, config: loadAdminConfig(base.env) });
