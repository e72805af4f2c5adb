import type { RouteObject } from 'react-router-dom';
import { lazySwrPage } from '../../app/lazy-page';

const DashboardPage = lazySwrPage(
  () => import('./pages/dashboard-page'),
  (m) => m.DashboardPage,
);

/** Routes of the dashboard feature (pages load lazily, each its own chunk). */
export const dashboardRoutes: RouteObject[] = [
  { path: '/contractor/:contractorId', element: <DashboardPage /> },
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/contractor-dashboard', element: <DashboardPage /> },
];
