import {
  CONTRACTOR_MESSAGES,
  ContractorListQuerySchema,
  INTERNAL_CALLS,
  type InternalResponse,
} from '@leadmarket/contracts';
import { notFound, unauthorized, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { z } from 'zod';
import { consentsOf } from '../db/consent.repository.js';
import { countContractors, findContractor, listContractors, toView } from '../db/contractor.repository.js';
import { normaliseContractorId } from '../domain/contractor-id.js';
import { deleteContractor } from '../use-cases/delete-contractor.js';
import type { Sessions } from '../use-cases/sessions.js';
import type { ContractorsDatabase } from '../db/database.js';

/** "Active" for the admin statistics: not deleted and seen within this many days (login or any signed-in request). */
const ACTIVE_WINDOW_DAYS = 30;

const idParam = z.object({ id: z.string().min(1).max(64) });

/** Routes other services call (docs/internal-api.md, contractors section). */
export function registerInternalRoutes(
  app: ServiceApp,
  ctx: ServiceContext<ContractorsDatabase>,
  sessions: Sessions,
  signupCreditSalt: string,
): void {
  app.post(INTERNAL_CALLS.contractorSession.path, async (request): Promise<InternalResponse<'contractorSession'>> => {
    const { token } = INTERNAL_CALLS.contractorSession.body.parse(request.body ?? {});
    const session = await sessions.resolveWithExpiry(token);
    if (!session) throw unauthorized();
    return { account_id: session.contractorId, expires_at: session.expiresAt.toISOString() };
  });

  app.get(INTERNAL_CALLS.contractorList.path, async (request): Promise<InternalResponse<'contractorList'>> => {
    const q = ContractorListQuerySchema.parse(request.query ?? {});
    const ids =
      q.ids === undefined
        ? undefined
        : q.ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    const { rows, total } = await listContractors(ctx.db, {
      ids,
      search: q.search?.trim() || undefined,
      sort: q.sort,
      page: q.page,
      limit: q.limit,
    });
    return { contractors: rows.map(toView), total };
  });

  app.get(INTERNAL_CALLS.contractor.path, async (request): Promise<InternalResponse<'contractor'>> => {
    const { id } = idParam.parse(request.params);
    const row = (await findContractor(ctx.db, id)) ?? (await findContractor(ctx.db, normaliseContractorId(id)));
    if (!row) throw notFound(CONTRACTOR_MESSAGES.notFound);
    return toView(row);
  });

  // The SMS consent record (TCPA): every decision with its time, IP and the exact wording agreed to.
  app.get(INTERNAL_CALLS.contractorConsents.path, async (request): Promise<InternalResponse<'contractorConsents'>> => {
    const { id } = idParam.parse(request.params);
    const rows = await consentsOf(ctx.db, id);
    return {
      consents: rows.map((r) => ({
        opted_in: Boolean(r.opted_in),
        source: String(r.source),
        wording: String(r.wording),
        ip: r.ip ?? null,
        user_agent: r.user_agent ?? null,
        recorded_at: r.recorded_at instanceof Date ? r.recorded_at.toISOString() : String(r.recorded_at),
      })),
    };
  });

  app.delete(INTERNAL_CALLS.deleteContractor.path, async (request): Promise<InternalResponse<'deleteContractor'>> => {
    const { id } = idParam.parse(request.params);
    const adminId = INTERNAL_CALLS.deleteContractor.query.parse(request.query ?? {}).admin_id;
    const clearCache = await deleteContractor(ctx, sessions, signupCreditSalt, id, adminId);
    if (!clearCache) throw notFound(CONTRACTOR_MESSAGES.notFound);
    await clearCache();
    return { deleted: true };
  });

  app.get(INTERNAL_CALLS.contractorStats.path, async (): Promise<InternalResponse<'contractorStats'>> => {
    const since = new Date(Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const { total, active } = await countContractors(ctx.db, since);
    return { total_contractors: total, active_contractors: active };
  });
}
