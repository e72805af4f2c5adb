import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import { defineService, intervalJob } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { screeningContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { pruneFingerprints } from './db/screening.repository.js';
import { registerConfirmRoutes } from './routes/confirm.routes.js';
import { registerDeskRoutes } from './routes/desk.routes.js';

/** screening: judges each submitted lead (LeadSubmitted in, LeadScreened out), confirms an accepted lead's phone with the customer, and serves the operator's screening desk. */
export const service = defineService({
  name: 'screening',
  migrations,
  context: screeningContext,
  consumers,
  register(app, ctx) {
    registerDeskRoutes(app, ctx);
    registerConfirmRoutes(app, ctx);
  },
  background(ctx) {
    return [
      intervalJob('prune-duplicate-fingerprints', 3600_000, ctx.logger, async () => {
        await pruneFingerprints(ctx.db, new Date(Date.now() - (DUPLICATE_WINDOW_DAYS + 1) * 24 * 3600_000));
      }),
    ];
  },
});
