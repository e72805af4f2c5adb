import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the claim feature (pages load lazily, each its own chunk). */
export const claimRoutes: RouteObject[] = [
  { path: '/claim/:token', element: <PlaceholderPage title="Claim Lead" /> },
];
