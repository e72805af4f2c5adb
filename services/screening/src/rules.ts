import type { ScreeningRulesResponse } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { ScreeningConfig } from './config.js';
import type { ScreeningDatabase } from './db/database.js';

/** The rules every verdict applies: the operator's row over the service's configuration. */
export interface RulesInForce {
  blockedWords: readonly string[];
  blockedDomains: readonly string[];
  ipLimit: number;
  ipWindowSeconds: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/**
 * An operator's change reaches this instance at once (it drops its copy) and every other instance
 * within this long: a lead screened meanwhile by another instance applies the rules of a moment ago.
 */
const RULES_TTL_MS = 2000;

/** The rules as stored (no row yet: none beyond the configuration). */
export async function readRules(db: Kysely<ScreeningDatabase>, config: ScreeningConfig): Promise<RulesInForce> {
  const row = await db.selectFrom('screening_rules').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    blockedWords: row?.blocked_words ?? [],
    blockedDomains: row?.blocked_domains ?? [],
    ipLimit: row?.ip_limit ?? config.SCREENING_IP_LIMIT,
    ipWindowSeconds: row?.ip_window_seconds ?? config.SCREENING_IP_WINDOW_SECONDS,
    updatedAt: row?.updated_at ?? null,
    updatedBy: row?.updated_by ?? null,
  };
}

/** The rules as the desk answers them. */
export const rulesAnswer = (r: RulesInForce): ScreeningRulesResponse => ({
  blocked_words: [...r.blockedWords],
  blocked_domains: [...r.blockedDomains],
  ip_limit: r.ipLimit,
  ip_window_seconds: r.ipWindowSeconds,
  updated_at: r.updatedAt?.toISOString() ?? null,
  updated_by: r.updatedBy,
});

/** This instance's copy of the rules, read again after RULES_TTL_MS (one read per lead would be one round trip more). */
export class RulesCache {
  private copy?: { rules: RulesInForce; at: number };

  constructor(private readonly config: ScreeningConfig) {}

  async get(db: Kysely<ScreeningDatabase>): Promise<RulesInForce> {
    if (this.copy && Date.now() - this.copy.at < RULES_TTL_MS) return this.copy.rules;
    const rules = await readRules(db, this.config);
    this.copy = { rules, at: Date.now() };
    return rules;
  }

  /** The rules changed here: read them again on next use. */
  forget(): void {
    this.copy = undefined;
  }
}
