import type { OutcomeReportsResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** get-outcome-reports: close rate and ROI from the contractor's recorded outcomes, in all, by category and ZIP. */
export const getOutcomeReports = (s: Session) => getAs<OutcomeReportsResponse>(s, 'get-outcome-reports');

export const useOutcomeReports = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'get-outcome-reports', {}, getOutcomeReports, enabled);
