import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the lead-forms feature (pages load lazily, each its own chunk). */
export const leadFormRoutes: RouteObject[] = [
  { path: '/lead-intake', element: <PlaceholderPage title="Request Service" /> },
  { path: '/hvac', element: <PlaceholderPage title="HVAC" /> },
  { path: '/legal', element: <PlaceholderPage title="Legal" /> },
  { path: '/real-estate', element: <PlaceholderPage title="Real Estate" /> },
  { path: '/finance', element: <PlaceholderPage title="Finance" /> },
  { path: '/insurance', element: <PlaceholderPage title="Insurance" /> },
  { path: '/healthcare', element: <PlaceholderPage title="Healthcare" /> },
  { path: '/auto', element: <PlaceholderPage title="Auto" /> },
  { path: '/services/plumbing', element: <PlaceholderPage title="Plumbing" /> },
];
