import { consumerOf, type ServiceContext } from '@leadmarket/platform';
import type { AdminDatabase } from './db/database.js';
import { loadAdminConfig, type AdminConfig } from './config.js';

/** What admin's routes and jobs share: the platform's context and its config. */
export interface AdminContext extends ServiceContext<AdminDatabase> {
  config: AdminConfig;
}

/** Built once per admin instance at start-up. */
export const adminContext = (base: ServiceContext): AdminContext => ({ ...base, config: loadAdminConfig(base.env) });

/** Declare an admin consumer (its handler receives the AdminContext as `ctx.service`, and `trx` knows admin's tables). */
export const defineAdminConsumer = consumerOf<AdminContext>();
