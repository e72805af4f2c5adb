import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

const DEFAULTS = { revalidateOnFocus: true, shouldRetryOnError: false };

/** The app's SWR defaults, around the pages that fetch with SWR (loaded with them, not in the shell). */
export function SwrDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={DEFAULTS}>{children}</SWRConfig>;
}
