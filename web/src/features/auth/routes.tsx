import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the auth feature (pages load lazily, each its own chunk). */
export const authRoutes: RouteObject[] = [
  { path: '/signup', element: <PlaceholderPage title="Sign Up" /> },
  { path: '/contractors/signup', element: <PlaceholderPage title="Sign Up" /> },
  { path: '/login', element: <PlaceholderPage title="Contractor Login" /> },
  { path: '/contractor-login', element: <PlaceholderPage title="Contractor Login" /> },
  { path: '/reset-password', element: <PlaceholderPage title="Reset Password" /> },
  { path: '/welcome', element: <PlaceholderPage title="Welcome" /> },
];
