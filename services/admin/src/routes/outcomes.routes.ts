import { functionPath, type CategoryOutcomesResponse } from '@leadmarket/contracts';
import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** admin-category-outcomes: every contractor's close rate and ROI per category, counted by wallet-ledger (ADR 0047). */
export function registerOutcomeRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.get(functionPath('admin-category-outcomes'), async (): Promise<CategoryOutcomesResponse> =>
    ownerCall(ctx, 'categoryOutcomes', {}),
  );
}
