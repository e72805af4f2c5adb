import type { RouteObject } from 'react-router-dom';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { claimRoutes } from '../features/claim/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { leadFormRoutes } from '../features/lead-forms/routes';
import { publicSiteRoutes } from '../features/public-site/routes';

/** Every route of the spec's §2 tables; each feature lists its own in features/<feature>/routes.tsx. */
export const routes: RouteObject[] = [
  ...publicSiteRoutes,
  ...leadFormRoutes,
  ...claimRoutes,
  ...authRoutes,
  ...dashboardRoutes,
  ...adminRoutes,
];
