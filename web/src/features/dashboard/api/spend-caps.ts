import type { SpendCapsAnswer } from '@leadmarket/contracts';
import { getAs, postAs, useDashboardQuery, type Session } from './client';

/** spend-caps (GET): the caps, auto-reload limits and what was spent in the current day and week. */
export const getSpendCaps = (s: Session) => getAs<SpendCapsAnswer>(s, 'spend-caps');

export const useSpendCaps = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'spend-caps', {}, getSpendCaps, enabled);

/** spend-caps (POST): the caps as typed (empty = no cap); the answer is the caps as saved. */
export const updateSpendCaps = (s: Session, changed: Record<string, string>) =>
  postAs<SpendCapsAnswer>('spend-caps', s, { session_token: s.token, ...changed });
