import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { lazyPage } from '../../app/lazy-page';

const legalPages = () => import('./pages/legal-pages');
const LandingPage = lazyPage(
  () => import('./pages/landing-page'),
  (m) => m.LandingPage,
);
const AboutUsPage = lazyPage(
  () => import('./pages/about-us-page'),
  (m) => m.AboutUsPage,
);
const HowItWorksPage = lazyPage(
  () => import('./pages/how-it-works-page'),
  (m) => m.HowItWorksPage,
);
const ContactPage = lazyPage(
  () => import('./pages/contact-page'),
  (m) => m.ContactPage,
);
const PrivacyPolicyPage = lazyPage(legalPages, (m) => m.PrivacyPolicyPage);
const TermsOfServicePage = lazyPage(legalPages, (m) => m.TermsOfServicePage);
const DisclaimerPage = lazyPage(legalPages, (m) => m.DisclaimerPage);
const TcpaNoticePage = lazyPage(legalPages, (m) => m.TcpaNoticePage);
const LaunchSoonPage = lazyPage(
  () => import('./pages/launch-soon-page'),
  (m) => m.LaunchSoonPage,
);
const WaitlistConfirmedPage = lazyPage(
  () => import('./pages/waitlist-confirmed-page'),
  (m) => m.WaitlistConfirmedPage,
);
const VerifyReceiptPage = lazyPage(
  () => import('./pages/verify-receipt-page'),
  (m) => m.VerifyReceiptPage,
);
const NotFoundPage = lazyPage(
  () => import('./pages/not-found-page'),
  (m) => m.NotFoundPage,
);

/** Routes of the public-site feature (pages load lazily, each its own chunk). */
export const publicSiteRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/about-us', element: <AboutUsPage /> },
  { path: '/how-it-works', element: <HowItWorksPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-service', element: <TermsOfServicePage /> },
  { path: '/disclaimer', element: <DisclaimerPage /> },
  { path: '/tcpa-notice', element: <TcpaNoticePage /> },
  { path: '/launch-soon', element: <LaunchSoonPage /> },
  { path: '/contractor-waitlist', element: <Navigate to="/launch-soon" replace /> },
  { path: '/contractor-waitlist-confirmed', element: <WaitlistConfirmedPage /> },
  { path: '/verify-receipt', element: <VerifyReceiptPage /> },
  { path: '*', element: <NotFoundPage /> },
];
