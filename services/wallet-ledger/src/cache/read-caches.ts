import { ShortCache, type Clock } from '@leadmarket/platform';
import type { PriceRow } from '../domain/pricing.js';
import type { gamification } from '../domain/reports.js';

/**
 * How long the dashboard's hottest reads may be old (docs/PERFORMANCE.md, figure 4). A hundred
 * dashboards opening at once would otherwise each read the price table and every purchase again.
 * - Category prices: 10 s. An admin's change made on this instance clears it at once; another
 *   instance shows it within 10 s. The price of a sale is never read from here (it is fixed per lead).
 * - Achievements (gamification-scoring and the dashboard's header): 5 s per contractor; a purchase or
 *   a completed lead shows in the streak and score within 5 s.
 */
export const CATEGORY_PRICING_TTL_MS = 10_000;
export const GAMIFICATION_TTL_MS = 5_000;

export type Gamification = ReturnType<typeof gamification>;

export interface ReadCaches {
  prices: ShortCache<'all', PriceRow[]>;
  gamification: ShortCache<string, Gamification>;
}

/** One set per running service (per process); `now` is injected by tests. */
export function createReadCaches(now: Clock = Date.now): ReadCaches {
  return {
    prices: new ShortCache(CATEGORY_PRICING_TTL_MS, now),
    gamification: new ShortCache(GAMIFICATION_TTL_MS, now),
  };
}
