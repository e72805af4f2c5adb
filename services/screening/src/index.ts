import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import { intervalJob, type ServiceDefinition } from '@leadmarket/platform';
import { loadScreeningConfig } from './config.js';
import { consumers } from './consumers/index.js';
import type { ScreeningDatabase } from './db/database.js';
import { migrations } from './db/migrations/index.js';
import { pruneFingerprints } from './db/screening.repository.js';

/** screening: judges each submitted lead (LeadSubmitted in, LeadScreened out); no public functions. */
export const service: ServiceDefinition<ScreeningDatabase> = {
  name: 'screening',
  migrations,
  consumers,
  register(_app, ctx) {
    // No public functions; validate the configuration at start-up rather than at the first event.
    loadScreeningConfig(ctx.env);
  },
  background(ctx) {
    return [
      intervalJob('prune-duplicate-fingerprints', 3600_000, ctx.logger, async () => {
        await pruneFingerprints(ctx.db, new Date(Date.now() - (DUPLICATE_WINDOW_DAYS + 1) * 24 * 3600_000));
      }),
    ];
  },
};
