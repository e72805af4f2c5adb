import type { RouteObject } from 'react-router-dom';

const adminPage = async () => ({ Component: (await import('./pages/admin-page')).AdminPage });

/** Routes of the admin feature (pages load lazily, each its own chunk). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin', lazy: adminPage },
  { path: '/admin-login', lazy: adminPage },
  { path: '/admin-dashboard', lazy: adminPage },
];
