import type { ConfirmationRule } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { MatchingDatabase } from './db/database.js';

/**
 * Each category's phone confirmation rule (docs/adr/0045-phone-confirmed-before-the-offer.md),
 * read by every lead's arrival and by the wait's sweep. A category nobody set offers at once, as
 * every category did before the rule existed.
 */
export type RuleInForce = Omit<ConfirmationRule, 'service_category'>;

export const DEFAULT_RULE: RuleInForce = { mode: 'at_once', wait_minutes: 60, after_wait: 'offer' };

/** An operator's change reaches this instance at once (it drops its copy) and every other within this long. */
const RULES_TTL_MS = 2000;

/** This instance's copy of every category's rule, read again after RULES_TTL_MS (not one read per lead). */
export class ConfirmationRulesCache {
  private copy?: { rules: Map<string, RuleInForce>; at: number };

  async all(db: Kysely<MatchingDatabase>): Promise<Map<string, RuleInForce>> {
    if (this.copy && Date.now() - this.copy.at < RULES_TTL_MS) return this.copy.rules;
    const rows = await db
      .selectFrom('confirmation_rules')
      .select(['service_category', 'mode', 'wait_minutes', 'after_wait'])
      .execute();
    const rules = new Map(
      rows.map((r) => [r.service_category, { mode: r.mode, wait_minutes: r.wait_minutes, after_wait: r.after_wait }]),
    );
    this.copy = { rules, at: Date.now() };
    return rules;
  }

  async of(db: Kysely<MatchingDatabase>, serviceCategory: string): Promise<RuleInForce> {
    return (await this.all(db)).get(serviceCategory) ?? DEFAULT_RULE;
  }

  /** The rules changed here: read them again on next use. */
  forget(): void {
    this.copy = undefined;
  }
}

/** What to do with an unconfirmed lead waiting under its rule at `now`. */
export function afterWaitOf(rule: RuleInForce, submittedAt: Date, now: Date): 'wait' | 'offer' | 'expire' {
  if (rule.mode !== 'confirmed_only') return 'offer';
  if (now.getTime() < submittedAt.getTime() + rule.wait_minutes * 60_000) return 'wait';
  return rule.after_wait;
}
