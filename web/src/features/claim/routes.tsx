import type { RouteObject } from 'react-router-dom';

/** Routes of the claim feature (pages load lazily, each its own chunk). */
export const claimRoutes: RouteObject[] = [
  { path: '/claim/:token', lazy: async () => ({ Component: (await import('./pages/claim-page')).ClaimPage }) },
];
