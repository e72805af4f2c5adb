import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

/** Routes of the public-site feature (pages load lazily, each its own chunk). */
export const publicSiteRoutes: RouteObject[] = [
  { path: '/', lazy: async () => ({ Component: (await import('./pages/landing-page')).LandingPage }) },
  { path: '/about-us', lazy: async () => ({ Component: (await import('./pages/about-us-page')).AboutUsPage }) },
  { path: '/how-it-works', lazy: async () => ({ Component: (await import('./pages/how-it-works-page')).HowItWorksPage }) },
  { path: '/contact', lazy: async () => ({ Component: (await import('./pages/contact-page')).ContactPage }) },
  { path: '/thank-you', lazy: async () => ({ Component: (await import('./pages/thank-you-page')).ThankYouPage }) },
  { path: '/privacy-policy', lazy: async () => ({ Component: (await import('./pages/legal-pages')).PrivacyPolicyPage }) },
  { path: '/terms-of-service', lazy: async () => ({ Component: (await import('./pages/legal-pages')).TermsOfServicePage }) },
  { path: '/disclaimer', lazy: async () => ({ Component: (await import('./pages/legal-pages')).DisclaimerPage }) },
  { path: '/tcpa-notice', lazy: async () => ({ Component: (await import('./pages/legal-pages')).TcpaNoticePage }) },
  { path: '/launch-soon', lazy: async () => ({ Component: (await import('./pages/launch-soon-page')).LaunchSoonPage }) },
  { path: '/contractor-waitlist', element: <Navigate to="/launch-soon" replace /> },
  {
    path: '/contractor-waitlist-confirmed',
    lazy: async () => ({ Component: (await import('./pages/waitlist-confirmed-page')).WaitlistConfirmedPage }),
  },
  { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
];
