import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the dashboard feature (pages load lazily, each its own chunk). */
export const dashboardRoutes: RouteObject[] = [
  { path: '/contractor/:contractorId', element: <PlaceholderPage title="Contractor Dashboard" /> },
  { path: '/dashboard', element: <PlaceholderPage title="Contractor Dashboard" /> },
  { path: '/contractor-dashboard', element: <PlaceholderPage title="Contractor Dashboard" /> },
];
