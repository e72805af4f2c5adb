import { getAs, useDashboardQuery, type Session } from './client';
import type { DashboardPayload } from './types';

/** contractors-dashboard: the whole first screen in one call. */
export const getDashboard = (s: Session) => getAs<DashboardPayload>(s, 'contractors-dashboard');

export const useDashboard = (s: Session | null) => useDashboardQuery(s, 'contractors-dashboard', {}, getDashboard);
