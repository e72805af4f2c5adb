import type { GamificationResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** gamification-scoring: badges and achievements. */
export const getGamification = (s: Session) => getAs<GamificationResponse>(s, 'gamification-scoring');

export const useGamification = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'gamification-scoring', {}, getGamification, enabled);
