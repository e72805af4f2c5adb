import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazy-page';

const ClaimPage = lazyPage(
  () => import('./pages/claim-page'),
  (m) => m.ClaimPage,
);

/** Routes of the claim feature (pages load lazily, each its own chunk). */
export const claimRoutes: RouteObject[] = [{ path: '/claim/:token', element: <ClaimPage /> }];
