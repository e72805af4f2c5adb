import type { WeeklyReportsResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** weekly-reports: the contractor's weekly summaries. */
export const getWeeklyReports = (s: Session) => getAs<WeeklyReportsResponse>(s, 'weekly-reports');

export const useWeeklyReports = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'weekly-reports', {}, getWeeklyReports, enabled);
