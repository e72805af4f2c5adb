import type { AvailableLeadsResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** contractors-available-leads: the leads the contractor may buy now. */
export const getAvailableLeads = (s: Session) => getAs<AvailableLeadsResponse>(s, 'contractors-available-leads');

export const useAvailableLeads = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'contractors-available-leads', {}, getAvailableLeads, enabled);
