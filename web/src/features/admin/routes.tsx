import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazy-page';

const AdminPage = lazyPage(
  () => import('./pages/admin-page'),
  (m) => m.AdminPage,
);

/** Routes of the admin feature (pages load lazily, each its own chunk). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin', element: <AdminPage /> },
  { path: '/admin-login', element: <AdminPage /> },
  { path: '/admin-dashboard', element: <AdminPage /> },
];
