import { ConfirmationRuleSchema, functionPath } from '@leadmarket/contracts';
import { adminIdOf, clientIpOf, type ServiceApp } from '@leadmarket/platform';
import type { MatchingContext } from '../context.js';
import { rulesAnswer, updateRule } from '../use-cases/confirmation-rules.js';

/**
 * The phone confirmation rule of each category (docs/adr/0045-phone-confirmed-before-the-offer.md):
 * matching's own admin function (the gateway checks the admin session), because matching applies
 * it. Every change writes AdminActionTaken with before and after, in its transaction.
 */
export function registerConfirmationRulesRoutes(app: ServiceApp, ctx: MatchingContext): void {
  app.get(functionPath('admin-confirmation-rules'), async () => rulesAnswer(ctx.db));

  app.put(functionPath('admin-confirmation-rules'), async (request) =>
    updateRule(ctx, ConfirmationRuleSchema.parse(request.body ?? {}), {
      adminId: adminIdOf(request),
      ip: clientIpOf(request),
      requestId: request.id,
    }),
  );
}
