import type { RouteObject } from 'react-router-dom';

const dashboardPage = async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage });

/** Routes of the dashboard feature (pages load lazily, each its own chunk). */
export const dashboardRoutes: RouteObject[] = [
  { path: '/contractor/:contractorId', lazy: dashboardPage },
  { path: '/dashboard', lazy: dashboardPage },
  { path: '/contractor-dashboard', lazy: dashboardPage },
];
