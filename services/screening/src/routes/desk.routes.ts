import {
  functionPath,
  ScreeningRejectionsQuerySchema,
  ScreeningReleaseSchema,
  ScreeningRulesSchema,
} from '@leadmarket/contracts';
import { adminIdOf, clientIpOf, type ServiceApp } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import type { ScreeningContext } from '../context.js';
import { rulesAnswer } from '../rules.js';
import { listRejections, releaseLead, updateRules, type Actor } from '../use-cases/desk.js';

/** The admin the gateway verified, and where the call came from (for the audit record). */
const actorOf = (request: FastifyRequest): Actor => ({
  adminId: adminIdOf(request),
  ip: clientIpOf(request),
  requestId: request.id,
});

/**
 * The operator's screening desk: screening's own functions, called through the gateway with an
 * admin session (the route table's `admin` auth); every change is audited (AdminActionTaken).
 */
export function registerDeskRoutes(app: ServiceApp, ctx: ScreeningContext): void {
  app.get(functionPath('admin-screening-rejections'), async (request) =>
    listRejections(ctx.db, ScreeningRejectionsQuerySchema.parse(request.query ?? {})),
  );

  app.post(functionPath('admin-screening-release'), async (request) => {
    const { lead_id } = ScreeningReleaseSchema.parse(request.body ?? {});
    const releasedAt = await releaseLead(ctx, lead_id, actorOf(request));
    return {
      success: true as const,
      message: 'Released: the request is now valid, and it is priced and offered to matching contractors.',
      lead_id,
      released_at: releasedAt.toISOString(),
    };
  });

  app.get(functionPath('admin-screening-rules'), async () => rulesAnswer(await ctx.rules.get(ctx.db)));

  app.put(functionPath('admin-screening-rules'), async (request) =>
    updateRules(ctx, ScreeningRulesSchema.parse(request.body ?? {}), actorOf(request)),
  );
}
