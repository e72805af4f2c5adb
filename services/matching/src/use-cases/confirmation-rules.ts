import { SERVICE_CATALOGUE, type ConfirmationRule, type ConfirmationRulesResponse } from '@leadmarket/contracts';
import { badRequest } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { DEFAULT_RULE } from '../confirmation-rules.js';
import type { MatchingContext } from '../context.js';
import type { MatchingDatabase } from '../db/database.js';

/** Every industry of the catalogue with its rule (the default where nobody set one). */
export async function rulesAnswer(db: Kysely<MatchingDatabase>): Promise<ConfirmationRulesResponse> {
  const rows = new Map(
    (await db.selectFrom('confirmation_rules').selectAll().execute()).map((r) => [r.service_category, r]),
  );
  return {
    rules: SERVICE_CATALOGUE.map((industry) => {
      const row = rows.get(industry.value);
      return {
        service_category: industry.value,
        mode: row?.mode ?? DEFAULT_RULE.mode,
        wait_minutes: row?.wait_minutes ?? DEFAULT_RULE.wait_minutes,
        after_wait: row?.after_wait ?? DEFAULT_RULE.after_wait,
        updated_at: row ? new Date(row.updated_at).toISOString() : null,
        updated_by: row?.updated_by ?? null,
      };
    }),
  };
}

/** Who changed a rule, from where (the audit entry's facts beside the change). */
export interface Actor {
  adminId: string;
  ip: string | null;
  requestId: string | null;
}

/**
 * Set one category's rule and write AdminActionTaken with before and after in its transaction (the
 * row lock orders two operators' changes, so each entry's "before" is what it replaced).
 */
export async function updateRule(
  ctx: MatchingContext,
  next: ConfirmationRule,
  actor: Actor,
): Promise<ConfirmationRulesResponse> {
  if (!SERVICE_CATALOGUE.some((i) => i.value === next.service_category))
    throw badRequest('This category is not one of the catalogue’s industries.', 'service_category');
  await ctx.transaction(async (trx) => {
    const before = await trx
      .selectFrom('confirmation_rules')
      .select(['mode', 'wait_minutes', 'after_wait'])
      .where('service_category', '=', next.service_category)
      .forUpdate()
      .executeTakeFirst();
    const rule = { mode: next.mode, wait_minutes: next.wait_minutes, after_wait: next.after_wait };
    await trx
      .insertInto('confirmation_rules')
      .values({ service_category: next.service_category, ...rule, updated_by: actor.adminId })
      .onConflict((oc) =>
        oc.column('service_category').doUpdateSet({ ...rule, updated_at: new Date(), updated_by: actor.adminId }),
      )
      .execute();
    await ctx.emit(trx, [
      {
        type: 'AdminActionTaken',
        data: {
          admin_id: actor.adminId,
          action: 'matching.confirmation_rule_update',
          target_type: 'category',
          target_id: next.service_category,
          before: before ?? DEFAULT_RULE,
          after: rule,
          ip: actor.ip,
          request_id: actor.requestId,
          occurred_at: new Date().toISOString(),
        },
      },
    ]);
  });
  ctx.confirmationRules.forget();
  return rulesAnswer(ctx.db);
}
