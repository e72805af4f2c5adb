import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** Routes of the public-site feature (pages load lazily, each its own chunk). */
export const publicSiteRoutes: RouteObject[] = [
  { path: '/', element: <PlaceholderPage title="More High-Quality Leads. Less Hassle." /> },
  { path: '/about-us', element: <PlaceholderPage title="About Us" /> },
  { path: '/how-it-works', element: <PlaceholderPage title="How It Works" /> },
  { path: '/contact', element: <PlaceholderPage title="Contact" /> },
  { path: '/thank-you', element: <PlaceholderPage title="Thank You" /> },
  { path: '/privacy-policy', element: <PlaceholderPage title="Privacy Policy" /> },
  { path: '/terms-of-service', element: <PlaceholderPage title="Terms of Service" /> },
  { path: '/disclaimer', element: <PlaceholderPage title="Disclaimer" /> },
  { path: '/tcpa-notice', element: <PlaceholderPage title="TCPA Notice" /> },
  { path: '/launch-soon', element: <PlaceholderPage title="Launching Soon" /> },
  { path: '/contractor-waitlist', element: <PlaceholderPage title="Launching Soon" /> },
  { path: '/contractor-waitlist-confirmed', element: <PlaceholderPage title="You're on the list" /> },
  { path: '*', element: <PlaceholderPage title="Page not found" /> },
];
