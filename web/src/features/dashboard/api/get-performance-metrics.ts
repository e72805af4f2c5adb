import { METRICS_WINDOW_DAYS } from '@leadmarket/contracts/constants';
import { getAs, useDashboardQuery, type Session } from './client';
import type { PerformanceMetrics } from './types';

const query = { days: METRICS_WINDOW_DAYS };

/** contractor-performance-metrics over the last METRICS_WINDOW_DAYS days. */
export const getMetrics = (s: Session) => getAs<PerformanceMetrics>(s, 'contractor-performance-metrics', query);

export const useMetrics = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'contractor-performance-metrics', query, getMetrics, enabled);
