import { functionPath } from '@leadmarket/contracts';
import { contractorIdOf, unauthorized, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { findContractor } from '../db/contractor.repository.js';
import { askParts, dashboardOf } from '../use-cases/dashboard.js';
import type { ContractorsDatabase } from '../db/database.js';

/**
 * contractors-dashboard: the first screen of the dashboard in one call (use-cases/dashboard.ts). The
 * gateway resolved the session and refused another contractor's id; the contractor is the session's own.
 */
export function registerDashboardRoutes(app: ServiceApp, ctx: ServiceContext<ContractorsDatabase>): void {
  app.get(functionPath('contractors-dashboard'), async (request) => {
    const id = contractorIdOf(request);
    // The contractor's row and the other owners' parts are asked at once (one wait, not two in a
    // row); the parts of an id with no live contractor are dropped unread.
    const [contractor, parts] = await Promise.all([findContractor(ctx.db, id), askParts(ctx, id)]);
    if (!contractor) throw unauthorized();
    return dashboardOf(ctx, contractor, parts);
  });
}
