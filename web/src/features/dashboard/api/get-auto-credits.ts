import type { AutoCreditsResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** get-auto-credits: the contractor's automatic credits (docs/adr/0012) and the rules that grant them. */
export const getAutoCredits = (s: Session) => getAs<AutoCreditsResponse>(s, 'get-auto-credits');

export const useAutoCredits = (s: Session | null) => useDashboardQuery(s, 'get-auto-credits', {}, getAutoCredits);
