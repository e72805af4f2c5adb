import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the admin feature (pages load lazily, each its own chunk). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin', element: <PlaceholderPage title="Admin" /> },
  { path: '/admin-login', element: <PlaceholderPage title="Admin" /> },
  { path: '/admin-dashboard', element: <PlaceholderPage title="Admin Dashboard" /> },
];
